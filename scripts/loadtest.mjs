// `npm run loadtest [-- --short] [-- --instances 2]`: a mix of visitors, users and admins drives the
// production build on PostgreSQL for a set time (bounded in requests too), then every write the server
// acknowledged is checked in the database: feedback, reactions (each user's last acknowledged choice) and
// coordinates. With --instances n, n servers share the database and requests take turns between them
// (as a round-robin load balancer would), so one person's requests land on every instance.
import pg from "pg";
import { ADMIN, apiSignIn, request, startAppUnderLoad } from "./lib/app-under-load.mjs";

const short = process.argv.includes("--short");
const seconds = short ? 5 : Number(process.env.LOADTEST_SECONDS ?? 60);
const maxRequests = short ? 1_500 : 30_000;
const mix = short ? { visitors: 4, users: 4, admins: 1 } : { visitors: 20, users: 20, admins: 3 };
const TRAIL = "673e9addbf9ebe061ef810c1";
const instancesArg = process.argv.indexOf("--instances");
const instances = instancesArg === -1 ? 1 : Number(process.argv[instancesArg + 1]);
if (!Number.isInteger(instances) || instances < 1) {
  console.error("--instances needs a whole number of at least 1");
  process.exit(2);
}

const app = await startAppUnderLoad("wt_load", { instances });
let sent = 0;
// Round robin over the instances, request by request.
const nextBase = () => app.bases[sent % app.bases.length];
const deadline = Date.now() + seconds * 1000;
const running = () => Date.now() < deadline && sent < maxRequests;
const statuses = new Map();
const perInstance = new Map();
const call = async (path, init) => {
  const base = nextBase();
  sent++;
  perInstance.set(base, (perInstance.get(base) ?? 0) + 1);
  const response = await request(`${base}${path}`, init);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  return response;
};
const acknowledged = { feedback: [], reactions: new Map(), coordinates: [] };

async function visitor() {
  const pages = ["/", "/about", "/privacy", "/authorization?formType=signin"];
  while (running()) await call(pages[Math.floor(Math.random() * pages.length)]);
}

async function user(n) {
  const name = `load${n}${process.pid}`;
  const signup = await call("/api/user/signup", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.test`,
      password: "pass1234",
      confirmPassword: "pass1234",
    }),
  });
  const { token } = JSON.parse(signup.body.toString());
  const auth = { Authorization: `Bearer ${token}` };
  const videos = JSON.parse((await call("/api/video/videos", { headers: auth })).body.toString());
  const { cookie } = await apiSignIn(nextBase(), { email: `${name}@example.test`, password: "pass1234" });
  let i = 0;
  while (running()) {
    i++;
    const roll = Math.random();
    if (roll < 0.3) await call("/trails", { headers: { Cookie: cookie } });
    else if (roll < 0.5) await call("/api/trails/trails", { headers: auth });
    else if (roll < 0.7) {
      const text = `load feedback ${name} #${i}`;
      const response = await call("/api/feedback/submit", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ username: name, email: `${name}@example.test`, feedback: text }),
      });
      if (response.status === 201) acknowledged.feedback.push(text);
    } else {
      const video = videos[Math.floor(Math.random() * videos.length)];
      const intent = ["like", "dislike", "clear"][Math.floor(Math.random() * 3)];
      const response = await call(`/videos/${video._id}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent }).toString(),
      });
      // The form answers with a redirect once the reaction is stored.
      if (response.status >= 200 && response.status < 400) acknowledged.reactions.set(`${name}|${video._id}`, intent);
    }
  }
}

async function admin(n) {
  const { token } = await apiSignIn(nextBase(), ADMIN);
  let i = 0;
  while (running()) {
    i++;
    const coordinate = [-84.01 + n / 1000 + i / 1_000_000, 33.975 + i / 1_000_000];
    const response = await call(`/api/trails/${TRAIL}/coordinate`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ index: 1, coordinate }),
    });
    if (response.status === 200) acknowledged.coordinates.push(coordinate);
    await call("/api/bench/benches", { headers: { Authorization: `Bearer ${token}` } });
  }
}

const started = Date.now();
await Promise.all([
  ...Array.from({ length: mix.visitors }, visitor),
  ...Array.from({ length: mix.users }, (_, n) => user(n)),
  ...Array.from({ length: mix.admins }, (_, n) => admin(n)),
]);
const elapsed = (Date.now() - started) / 1000;

const db = new pg.Client({ connectionString: app.databaseUrl });
await db.connect();
const lost = [];
const feedback = new Set((await db.query(`SELECT feedback FROM "Feedback"`)).rows.map((r) => r.feedback));
for (const text of acknowledged.feedback) if (!feedback.has(text)) lost.push(`feedback "${text}"`);
const reactions = new Map(
  (
    await db.query(`SELECT u.username, r."videoId", r.value FROM "VideoReaction" r JOIN "User" u ON u.id = r."userId"`)
  ).rows.map((r) => [`${r.username}|${r.videoId}`, r.value]),
);
for (const [key, intent] of acknowledged.reactions) {
  const expected = intent === "like" ? "LIKE" : intent === "dislike" ? "DISLIKE" : undefined;
  if (reactions.get(key) !== expected) lost.push(`reaction ${key}: expected ${expected}, stored ${reactions.get(key)}`);
}
const points = new Set(
  (await db.query(`SELECT longitude, latitude FROM "TrailPoint" WHERE "trailId" = $1`, [TRAIL])).rows.map(
    (r) => `${r.longitude},${r.latitude}`,
  ),
);
for (const [lng, lat] of acknowledged.coordinates)
  if (!points.has(`${lng},${lat}`)) lost.push(`coordinate ${lng},${lat}`);
const totals = (await db.query(`SELECT sum(likes)::int AS likes, sum(dislikes)::int AS dislikes FROM "Video"`)).rows[0];
const counted = (
  await db.query(
    `SELECT count(*) FILTER (WHERE value = 'LIKE')::int AS likes, count(*) FILTER (WHERE value = 'DISLIKE')::int AS dislikes FROM "VideoReaction"`,
  )
).rows[0];
if (totals.likes !== counted.likes || totals.dislikes !== counted.dislikes)
  lost.push(`video totals ${JSON.stringify(totals)} ≠ reactions ${JSON.stringify(counted)}`);
await db.end();
await app.stop();

const serverErrors = [...statuses]
  .filter(([status]) => status === 0 || status >= 500)
  .reduce((sum, [, n]) => sum + n, 0);
console.log(
  `load test: ${sent} requests in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)} req/s), ${mix.visitors} visitors, ${mix.users} users, ${mix.admins} admins, ${instances} instance${instances === 1 ? "" : "s"} on one database`,
);
if (instances > 1) console.log(`requests per instance: ${[...perInstance.values()].join(" / ")}`);
console.log(
  `statuses: ${[...statuses]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(" ")}`,
);
console.log(
  `acknowledged writes: ${acknowledged.feedback.length} feedback, ${acknowledged.reactions.size} reaction states, ${acknowledged.coordinates.length} coordinate inserts`,
);
if (lost.length > 0 || serverErrors > 0) {
  console.log(`FAILED: ${serverErrors} server errors; ${lost.length} acknowledged writes missing or wrong`);
  for (const line of lost.slice(0, 20)) console.log(`  ${line}`);
  process.exit(1);
}
console.log("every acknowledged write is in the database; no server errors");
