// The campus settings (decision 076): GET /api/campus for everyone, PATCH /api/campus and the admin Campus
// area for admins only, and the name where the site names its place, through the built app.
import { beforeAll, describe, expect, test } from "vitest";
import { formatCampusTime } from "~/lib/dates";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute, fieldValue, pageText } from "../support/routes";

env.RATE_LIMIT_FACTOR = 1000;

let adminToken: string;
let walkerToken: string;

async function person(prefix: string, role: "User" | "Admin" = "User") {
  const name = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  return (await createSession(user.id)).id;
}

function api(method: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return callRoute("/api/campus", { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function post(sessionId: string, fields: Record<string, string>) {
  return callRoute("/adminControlPanel?option=campus", {
    method: "POST",
    sessionId,
    body: new URLSearchParams(fields),
  });
}

async function version() {
  return ((await (await api("GET", null)).json()) as { version: number }).version;
}

beforeAll(async () => {
  await seedDatabase(prisma);
  adminToken = await person("campusadmin", "Admin");
  walkerToken = await person("campuswalker");
});

describe("GET and PATCH /api/campus", () => {
  test("anyone reads the sample campus's settings", async () => {
    const response = await api("GET", null);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Sample Campus", timeZone: "America/New_York", center: null });
    expect(response.headers.get("ETag")).toMatch(/^"\d+"$/);
  });

  test("a visitor gets 401 and a walker 403; nothing changes", async () => {
    expect((await api("PATCH", null, { name: "Taken Over" })).status).toBe(401);
    expect((await api("PATCH", walkerToken, { name: "Taken Over" })).status).toBe(403);
    expect(((await (await api("GET", null)).json()) as { name: string }).name).toBe("Sample Campus");
  });

  test("an unknown time zone is refused with a sentence naming it, and nothing changes", async () => {
    const response = await api("PATCH", adminToken, { name: "Half Saved", timeZone: "Mars/Olympus" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Unknown time zone "Mars/Olympus". Use a name like America/Chicago.',
    });
    expect(await (await api("GET", null)).json()).toMatchObject({
      name: "Sample Campus",
      timeZone: "America/New_York",
    });
  });

  test("an admin changes the name, the clock and the centre; the footer, About and titles follow", async () => {
    const response = await api("PATCH", adminToken, {
      name: "Riverside College",
      timeZone: "america/chicago",
      center: [-87.6298, 41.8781],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Riverside College",
      timeZone: "America/Chicago",
      center: [-87.6298, 41.8781],
    });
    const about = await callRoute("/about");
    const html = await about.text();
    expect(html).toContain("<title>About | Riverside College | Walking Trails</title>");
    const text = await pageText(new Response(html));
    expect(text).toContain("A wellness project for Riverside College.");
    expect(text).toContain("the marked walking trails across Riverside College");
    // The product keeps its name.
    expect(text).toContain("About Walking Trails");
    expect(await pageText(await callRoute("/privacy"))).toContain("A wellness project for Riverside College.");
    // The centre goes with null; a stale If-Match is refused.
    expect(await (await api("PATCH", adminToken, { center: null })).json()).toMatchObject({
      center: null,
      name: "Riverside College",
    });
    const stale = await callRoute("/api/campus", {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}`, "If-Match": '"0"' },
      body: JSON.stringify({ name: "Lost Update" }),
    });
    expect(stale.status).toBe(412);
  });
});

describe("the Campus area of the control panel", () => {
  test("shows the settings in a plain form, for admins only", async () => {
    const page = await callRoute("/adminControlPanel?option=campus", { sessionId: adminToken });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(fieldValue(html, "name")).toBe("Riverside College");
    expect(fieldValue(html, "timeZone")).toBe("America/Chicago");
    expect((await callRoute("/adminControlPanel?option=campus", { sessionId: walkerToken })).status).toBe(403);
  });

  test("a save redirects back to the area with a flash, and the footer names the new place", async () => {
    const saved = await post(adminToken, {
      intent: "save-campus",
      name: "Lakeside University",
      timeZone: "Europe/Berlin",
      centerLatitude: "",
      centerLongitude: "",
      version: String(await version()),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/adminControlPanel?option=campus#campus-settings");
    expect(await (await api("GET", null)).json()).toMatchObject({
      name: "Lakeside University",
      timeZone: "Europe/Berlin",
      center: null,
    });
    expect(await pageText(await callRoute("/about"))).toContain("A wellness project for Lakeside University.");
  });

  test("a bad time zone or half a centre is refused at its field, keeping what was typed; nothing is saved", async () => {
    const current = String(await version());
    const refused = await post(adminToken, {
      intent: "save-campus",
      name: "Typed Name",
      timeZone: "Mars/Olympus",
      centerLatitude: "41.9",
      centerLongitude: "",
      version: current,
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Unknown time zone &quot;Mars/Olympus&quot;. Use a name like America/Chicago.");
    expect(fieldValue(html, "name")).toBe("Typed Name");
    expect(fieldValue(html, "timeZone")).toBe("Mars/Olympus");
    expect(fieldValue(html, "centerLatitude")).toBe("41.9");
    const half = await post(adminToken, {
      intent: "save-campus",
      name: "Typed Name",
      timeZone: "UTC",
      centerLatitude: "41.9",
      centerLongitude: "",
      version: current,
    });
    expect(half.status).toBe(400);
    expect(await half.text()).toContain("Give both the latitude and the longitude of the centre, or neither.");
    expect(await (await api("GET", null)).json()).toMatchObject({ name: "Lakeside University" });
  });

  test("a save based on settings changed since is refused (409)", async () => {
    const stale = await post(adminToken, { intent: "save-campus", name: "Old Form", timeZone: "UTC", version: "0" });
    expect(stale.status).toBe(409);
    expect(await pageText(stale)).toContain("The campus settings were changed by someone else since you opened them.");
  });
});

describe("every time shown is on the campus clock", () => {
  test("a notice's end on a trail page follows the campus's time zone, with its abbreviation", async () => {
    const endsAt = new Date(Date.UTC(2030, 0, 15, 17, 30));
    await prisma.notice.create({
      data: { trailId: "673e9addbf9ebe061ef810bf", kind: "caution", message: "Clock check", endsAt },
    });
    await api("PATCH", adminToken, { timeZone: "America/New_York" });
    expect(await pageText(await callRoute("/trails/gold"))).toContain("Until Tue, Jan 15, 2030, 12:30 PM EST");
    await api("PATCH", adminToken, { timeZone: "America/Los_Angeles" });
    const text = await pageText(await callRoute("/trails/gold"));
    expect(text).toContain("Until Tue, Jan 15, 2030, 9:30 AM PST");
    expect(text).toContain(`Until ${formatCampusTime(endsAt, "America/Los_Angeles")}`);
    expect(text).not.toContain("12:30 PM EST");
  });
});

describe("where a point may be placed", () => {
  const portland = { bench_number: 990, location: "Riverside", latitude: 45.52, longitude: -122.68 };
  const refusal = "This point is 3,505 km from the campus; points must be within 5 km of its trails and benches.";

  test("the API refuses a bench 3,000 km from the sample campus, saying how far", async () => {
    const response = await callRoute("/api/bench/bench", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(portland),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: refusal, fieldErrors: { latitude: [refusal] } });
    expect(await prisma.bench.count({ where: { benchNumber: 990 } })).toBe(0);
  });

  test("the admin form refuses it at the latitude, keeping what was typed", async () => {
    const response = await callRoute("/adminControlPanel?option=bench", {
      method: "POST",
      sessionId: adminToken,
      body: new URLSearchParams({
        intent: "create-bench",
        bench_number: "990",
        location: "Riverside",
        latitude: "45.52",
        longitude: "-122.68",
        trailId: "",
      }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(refusal);
    expect(fieldValue(html, "latitude")).toBe("45.52");
    expect(await prisma.bench.count({ where: { benchNumber: 990 } })).toBe(0);
  });

  test("a centre set far away widens the area to take points near it", async () => {
    await api("PATCH", adminToken, { center: [-122.68, 45.52] });
    const response = await callRoute("/api/bench/bench", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ ...portland, latitude: 45.53 }),
    });
    expect(response.status).toBe(201);
    await prisma.bench.deleteMany({ where: { benchNumber: 990 } });
    await api("PATCH", adminToken, { center: null });
  });
});

describe("the first save of the settings", () => {
  test("two first saves at the same moment both get an answer, never a 500", async () => {
    await prisma.campus.deleteMany();
    const [first, second] = await Promise.all([
      api("PATCH", adminToken, { name: "First College" }),
      api("PATCH", adminToken, { name: "Second College" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await prisma.campus.count()).toBe(1);
    expect(((await (await api("GET", null)).json()) as { version: number }).version).toBe(2);
  });

  test("two first form saves from the same unsaved version: one is saved, the other refused as stale", async () => {
    await prisma.campus.deleteMany();
    const save = (name: string) => post(adminToken, { intent: "save-campus", name, timeZone: "UTC", version: "0" });
    const statuses = (await Promise.all([save("First College"), save("Second College")])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([302, 409]);
    expect(await (await api("GET", null)).json()).toMatchObject({ version: 1, timeZone: "UTC" });
  });
});
