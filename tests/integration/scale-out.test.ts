// Two production servers on one PostgreSQL database, as several containers behind a load balancer run.
// Needs a PostgreSQL server: vitest.config.ts leaves this file out of the run (and says why) without
// TEST_DATABASE_URL, since the embedded database lives inside one process and cannot be shared.
import { readdirSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, stopAllApps, waitForHealthy, type AppProcess } from "../support/app-process";
import { testDatabaseUrl } from "../support/database-template";

const ADMIN = { email: "scale@example.test", password: "scale-password" };
// Behind a load balancer both instances are reached at one public address.
const APP_URL = "http://localhost:8080";
const TRAIL = "673e9addbf9ebe061ef810c1";

let admin: pg.Client;
let databaseName: string;
let db: pg.Client;
let a: AppProcess;
let b: AppProcess;

beforeAll(async () => {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) throw new Error("scale-out.test.ts needs TEST_DATABASE_URL (vitest.config.ts excludes it otherwise)");
  databaseName = `wt_scale_${process.pid}`;
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const env = {
    DATABASE_URL: url.toString(),
    APP_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "info",
  };
  // Both start at the same moment on an empty database: each tries to migrate and seed it.
  [a, b] = await Promise.all([startApp(env), startApp(env)]);
  await Promise.all([waitForHealthy(a, 90_000), waitForHealthy(b, 90_000)]);
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await stopAllApps();
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
});

async function signIn(app: AppProcess, credentials = ADMIN) {
  const response = await fetch(`${app.url}/api/user/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, token: ((await response.json()) as { token?: string }).token, cookie };
}

const bearer = (token: string | undefined) => ({ Authorization: `Bearer ${token}` });

async function getJson<T>(app: AppProcess, path: string, token: string | undefined): Promise<T> {
  const response = await fetch(`${app.url}${path}`, { headers: bearer(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function send(app: AppProcess, method: string, path: string, token: string | undefined, body: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const loggedJson = (app: AppProcess, msg: string) =>
  app
    .output()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as Record<string, unknown>);

describe("two app instances on one PostgreSQL database", () => {
  test("starting at the same moment, they apply the migrations and the seed data exactly once", async () => {
    const migrationDirs = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    const migrations = await db.query(`SELECT migration_name FROM "_prisma_migrations"`);
    expect(migrations.rowCount).toBe(migrationDirs.length);
    const migrationLogs = [...loggedJson(a, "migrations applied"), ...loggedJson(b, "migrations applied")];
    expect(migrationLogs).toHaveLength(1);

    // Every seed step ran once, on one instance or the other, and the rows are there once.
    const seedLogs = [...loggedJson(a, "seed data applied"), ...loggedJson(b, "seed data applied")];
    expect(seedLogs.flatMap((entry) => entry.steps as string[]).sort()).toEqual([
      "admin",
      "benches",
      "campus",
      "facts",
      "trails",
      "videos",
    ]);
    const counts = (
      await db.query(`SELECT (SELECT count(*) FROM "Trail")::int AS trails, (SELECT count(*) FROM "Video")::int AS videos,
        (SELECT count(*) FROM "Bench")::int AS benches, (SELECT count(*) FROM "User")::int AS users,
        (SELECT count(*) FROM "SeedStep")::int AS steps`)
    ).rows[0];
    // Six seed steps and one data step (the usernames' keys), each recorded once.
    expect(counts).toEqual({ trails: 3, videos: counts.videos, benches: counts.benches, users: 1, steps: 7 });
    const dataSteps = (await db.query(`SELECT name FROM "SeedStep" WHERE name LIKE 'username-keys:%'`)).rows;
    expect(dataSteps).toHaveLength(1);
    const distinctVideos = (await db.query(`SELECT count(DISTINCT (title, url, "subCategory"))::int AS n FROM "Video"`))
      .rows[0].n;
    expect(counts.videos).toBe(distinctVideos);
    const distinctBenches = (await db.query(`SELECT count(DISTINCT "benchNumber")::int AS n FROM "Bench"`)).rows[0].n;
    expect(counts.benches).toBe(distinctBenches);
    expect(counts.videos).toBeGreaterThan(0);
    expect(counts.benches).toBeGreaterThan(0);
  });

  test("a session made on one is accepted by the other, and signing out on one ends it on both", async () => {
    const session = await signIn(a);
    expect(session.status).toBe(200);
    // The bearer token and the cookie both work on the other instance.
    expect((await fetch(`${b.url}/api/trails/trails`, { headers: bearer(session.token) })).status).toBe(200);
    const page = await fetch(`${b.url}/userControlPanel`, { headers: { Cookie: session.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);

    // Sign out through the page's form on B; A no longer knows the session either.
    const logout = await fetch(`${b.url}/logout`, {
      method: "POST",
      headers: { Cookie: session.cookie, Origin: APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(logout.status).toBe(302);
    for (const app of [a, b]) {
      const after = await fetch(`${app.url}/userControlPanel`, {
        headers: { Cookie: session.cookie },
        redirect: "manual",
      });
      expect(after.status).toBe(302);
      expect(after.headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
      expect((await fetch(`${app.url}/api/trails/trails`, { headers: bearer(session.token) })).status).toBe(401);
    }
  });

  test("rate-limit counts are shared: failures spread over both instances add up", async () => {
    const victim = { email: "nobody-here@example.test", password: "wrong-password" };
    // Ten failed sign-ins per client and account are allowed in 15 minutes; five on each instance.
    for (let i = 0; i < 10; i++) expect((await signIn(i % 2 === 0 ? a : b, victim)).status).toBe(401);
    // Were the counters per instance, each would have seen only five.
    // Past the limit nothing is compared: the answer offers a mailed link instead.
    expect((await signIn(a, victim)).status).toBe(202);
    expect((await signIn(b, victim)).status).toBe(202);
  });

  test("an admin's edit on one instance is what the other serves on the very next request", async () => {
    const { token, cookie } = await signIn(a);
    type Trail = { version: number; path: { coordinates: [number, number][] } };
    type Bench = { _id: string; bench_number: number; location: string };
    type Video = { _id: string; title: string; subCategory: string };

    // B has answered (and may keep in memory) the trails, benches and videos before the edits.
    const before = await getJson<Trail>(b, `/api/trails/${TRAIL}`, token);
    await getJson<Trail[]>(b, "/api/trails/trails", token);
    const benches = await getJson<Bench[]>(b, "/api/bench/benches", token);
    const videos = await getJson<Video[]>(b, "/api/video/videos", token);
    const bodyWeight = videos.find((video) => video.subCategory === "Body Weight Exercise")!;
    expect(
      (await (await fetch(`${b.url}/trails?trail=gold&benches=1`, { headers: { Cookie: cookie } })).text()).length,
    ).toBeGreaterThan(0);
    // B's page cache holds the visitors' Gold Trail page (stored on its second render, served on the third).
    const visitorPage = async () => {
      const response = await fetch(`${b.url}/trails/gold`);
      return { etag: response.headers.get("ETag"), html: await response.text() };
    };
    await visitorPage();
    const storedPage = await visitorPage();
    expect((await visitorPage()).etag).toBe(storedPage.etag);

    // A trail coordinate, through A.
    const moved: [number, number] = [-84.0012345, 33.9765432];
    const edit = await send(a, "PATCH", `/api/trails/${TRAIL}/coordinate/0`, token, {
      longitude: moved[0],
      latitude: moved[1],
    });
    expect(edit.status).toBe(200);
    const after = await getJson<Trail>(b, `/api/trails/${TRAIL}`, token);
    expect(after.version).toBe(before.version + 1);
    expect(after.path.coordinates[0]).toEqual(moved);
    const listed = await getJson<(Trail & { _id: string })[]>(b, "/api/trails/trails", token);
    expect(listed.find((trail) => trail._id === TRAIL)?.path.coordinates[0]).toEqual(moved);

    // A bench, through A: B lists it and its page shows it.
    const created = await send(a, "POST", "/api/bench/bench", token, {
      bench_number: 4242,
      location: "Beside the scale-out test",
      latitude: 33.976,
      longitude: -84.001,
      // Set for the Gold Trail, so the Gold Trail's map page lists it (a page holds its own trail's benches).
      trailId: "673e9addbf9ebe061ef810bf",
    });
    expect(created.status).toBe(201);
    const benchesAfter = await getJson<Bench[]>(b, "/api/bench/benches", token);
    expect(benchesAfter).toHaveLength(benches.length + 1);
    const trailsPage = await (
      await fetch(`${b.url}/trails?trail=gold&benches=1`, { headers: { Cookie: cookie } })
    ).text();
    expect(trailsPage).toContain("Beside the scale-out test");
    // And B's stored visitor page is not served past the edit: the next visitor sees the bench.
    const visitorAfter = await visitorPage();
    expect(visitorAfter.html).toContain("Beside the scale-out test");
    expect(visitorAfter.etag).not.toBe(storedPage.etag);

    // A video's title, through A: B's video list and the video's topic page show the new title.
    const retitled = await send(a, "PATCH", `/api/video/${bodyWeight._id}`, token, { title: "Retitled on instance A" });
    expect(retitled.status).toBe(200);
    const videosAfter = await getJson<Video[]>(b, "/api/video/videos", token);
    expect(videosAfter.find((video) => video._id === bodyWeight._id)?.title).toBe("Retitled on instance A");
    const topicPage = await (await fetch(`${b.url}/bodyWeightExercises`, { headers: { Cookie: cookie } })).text();
    expect(topicPage).toContain("Retitled on instance A");

    // Deleting the bench on A removes it from B's next answer too.
    const deleted = await fetch(`${a.url}/api/bench/bench/${created.body._id as string}`, {
      method: "DELETE",
      headers: bearer(token),
    });
    expect(deleted.status).toBe(200);
    expect(await getJson<Bench[]>(b, "/api/bench/benches", token)).toHaveLength(benches.length);
    expect((await visitorPage()).html).not.toContain("Beside the scale-out test");
  });
});
