// "Know before you go" facts (decision 031): seeded, shown on the public pages with their labels, named in
// the directions, carried and changed by the API, and edited by admins with plain forms.
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { action as adminAction } from "~/routes/adminControlPanel/route";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { callRoute, pageText, sessionCookieFor } from "../support/routes";
import { getLoadContext } from "~/http/load-context.server";

env.RATE_LIMIT_FACTOR = 1000;

let userSession: string;
let adminSession: string;

beforeAll(async () => {
  await truncateAll(database);
  await seedDatabase(prisma);
  const user = await createUser({
    username: "factwalker",
    email: "factwalker@example.test",
    password: "factwalker-pw",
  });
  const admin = await createUser({
    username: "factadmin",
    email: "factadmin@example.test",
    password: "factadmin-pw",
    role: "Admin",
  });
  userSession = (await createSession(user.id)).id;
  adminSession = (await createSession(admin.id)).id;
});

const SEEDED_GOLD = {
  surface: "paved",
  steps: 0,
  stepsLocation: null,
  steepestGradePercent: 4,
  shade: "partial",
  lighting: "full",
  restrooms: "Student Center, beside Bench 3",
  water: "Student Center, beside Bench 3",
};
const SEEDED_BENCH_3 = { backrest: true, armrests: true, shade: "partial", seatHeightCm: 46, wheelchairSpace: true };

// Each test starts from the seeded facts, whatever the one before changed.
beforeEach(async () => {
  await prisma.trail.update({ where: { name: "Gold Trail" }, data: SEEDED_GOLD });
  await prisma.bench.update({ where: { benchNumber: 3 }, data: SEEDED_BENCH_3 });
});

const goldId = async () =>
  (await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" }, select: { id: true } })).id;
const benchId = async (benchNumber: number) =>
  (await prisma.bench.findUniqueOrThrow({ where: { benchNumber }, select: { id: true } })).id;

function api(path: string, method: string, sessionId: string | null, body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (sessionId) headers.Authorization = `Bearer ${sessionId}`;
  return callRoute(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe("seed", () => {
  test("a fresh install gives every trail and bench every fact", async () => {
    const trails = await prisma.trail.findMany({
      select: { name: true, surface: true, steps: true, steepestGradePercent: true, shade: true, lighting: true },
    });
    expect(trails).toHaveLength(3);
    for (const trail of trails)
      for (const [key, value] of Object.entries(trail)) expect(value, `${trail.name} ${key}`).not.toBeNull();
    const benches = await prisma.bench.findMany({
      select: {
        benchNumber: true,
        backrest: true,
        armrests: true,
        shade: true,
        seatHeightCm: true,
        wheelchairSpace: true,
      },
    });
    expect(benches.length).toBeGreaterThanOrEqual(9);
    for (const bench of benches)
      for (const [key, value] of Object.entries(bench))
        expect(value, `bench ${bench.benchNumber} ${key}`).not.toBeNull();
  });

  test("a database seeded before the facts existed gets them once, at the upgrade, and never again over an admin's edits", async () => {
    await prisma.seedStep.delete({ where: { name: "facts" } });
    await prisma.trail.updateMany({ data: { surface: null, steps: null } });
    expect((await seedDatabase(prisma)).applied).toEqual(["facts"]);
    expect(
      await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" }, select: { surface: true, steps: true } }),
    ).toEqual({
      surface: "paved",
      steps: 0,
    });
    await prisma.trail.update({ where: { name: "Gold Trail" }, data: { surface: "gravel" } });
    expect((await seedDatabase(prisma)).applied).toEqual([]);
    expect(
      (await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" }, select: { surface: true } })).surface,
    ).toBe("gravel");
  });
});

describe("the public pages", () => {
  test("a trail page shows every fact with its label", async () => {
    const gold = await pageText(await callRoute("/trails/gold"));
    expect(gold).toContain("Surface Paved");
    expect(gold).toContain("Step-free Yes");
    expect(gold).toContain("Steepest grade 4%");
    expect(gold).toContain("Shade Partly shaded");
    expect(gold).toContain("Lighting Lit along its whole length");
    // The label names both once; the value says only where they are.
    expect(gold).toContain("Restrooms and water Student Center, beside Bench 3");
    expect(gold.match(/Restrooms and water/g)).toHaveLength(1);
    expect(gold).toMatch(/Benches \d+/);
    const gray = await pageText(await callRoute("/trails/gray"));
    expect(gray).toContain("Step-free No: 6 steps at the parking deck stairwell, by Bench 5");
    expect(gray).toContain(
      "Restrooms: Residence halls' east entrance, by Bench 8; Water: Drinking fountain at the pond overlook, by Bench 7",
    );
    const green = await pageText(await callRoute("/trails/green"));
    expect(green).toContain("Restrooms: Athletic fields' field house, by Bench 10; no drinking water nearby");
  });

  test("an unrecorded fact reads 'Not recorded', never 'No'", async () => {
    await prisma.trail.update({
      where: { name: "Gold Trail" },
      data: { surface: null, steps: null, steepestGradePercent: null },
    });
    const gold = await pageText(await callRoute("/trails/gold"));
    expect(gold).toContain("Surface Not recorded");
    expect(gold).toContain("Step-free Not recorded");
    expect(gold).toContain("Steepest grade Not recorded");
  });

  test("the directions describe each bench from its facts, and follow an admin's change at once", async () => {
    // The text as a reader hears it: inline links and React's text separators add no spaces.
    const plain = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, "").replace(/\s+/g, " ");
    const step = async () => plain(await (await callRoute("/trails/gold")).text()).match(/[^.]*to Bench 3[^.]*\./)?.[0];
    expect(await step()).toMatch(
      /^ ?Head [a-z-]+ [\d,]+ m \([\d,]+ ft, \d+ min\) to Bench 3, a seat with a backrest and armrests in partial shade, with room for a wheelchair beside it \(Behind the student center\)\.$/,
    );
    await prisma.bench.update({
      where: { benchNumber: 3 },
      data: { armrests: false, shade: "full", wheelchairSpace: false },
    });
    expect(await step()).toMatch(/to Bench 3, a seat with a backrest in the shade \(Behind the student center\)\.$/);
  });

  test("a bench page shows its facts; a walker is offered to walk on from it, a visitor to sign in first", async () => {
    const id = await benchId(3);
    const visitor = await pageText(await callRoute(`/benches/${id}`));
    expect(visitor).toContain(
      "Backrest Yes Armrests Yes Shade Partly shaded Seat height 46 cm (18 in) Room for a wheelchair beside it Yes",
    );
    expect(visitor).toContain("Sign in to start a walk from here");
    expect(visitor).not.toContain("Start or continue a walk");
    expect(visitor.match(/Sign in to start a walk from here/g)).toHaveLength(1);
    const visitorHtml = await (await callRoute(`/benches/${id}`)).text();
    expect(visitorHtml).toContain(
      `href="/authorization?formType=signin&amp;redirectTo=${encodeURIComponent(`/benches/${id}`)}"`,
    );
    const walkerHtml = await (await callRoute(`/benches/${id}`, { sessionId: userSession })).text();
    expect(walkerHtml).toMatch(
      new RegExp(
        `href="/trails\\?trail=gold&amp;benches=1#bench-${id}"[^>]*>Start or continue a walk on the (<!-- -->)?Gold Trail(<!-- -->)? from here`,
      ),
    );
    expect(walkerHtml).toMatch(
      /href="\/userControlPanel\/walks\?trail=[0-9a-f]+#log-walk"[^>]*>Log a walk on the (<!-- -->)?Gold Trail/,
    );
  });

  test("an old ?trail= link opens the trail's public page for a visitor; the map itself still needs an account", async () => {
    const linked = await callRoute("/trails?trail=Gray&benches=1");
    expect(linked.status).toBe(302);
    expect(linked.headers.get("Location")).toBe("/trails/gray");
    const unknown = await callRoute("/trails?trail=purple");
    expect(unknown.headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
    const bare = await callRoute("/trails");
    expect(bare.headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
    expect((await callRoute("/trails?trail=gray", { sessionId: userSession })).status).toBe(200);
  });

  test("the downloads carry the benches' facts", async () => {
    const collection = await (await callRoute("/trails/gold/download/geojson")).json();
    const bench3 = collection.features.find(
      (feature: { properties: { benchNumber?: number } }) => feature.properties.benchNumber === 3,
    );
    expect(bench3.properties).toMatchObject(SEEDED_BENCH_3);
    const gpx = await (await callRoute("/trails/gold/download/gpx")).text();
    expect(gpx).toContain(
      "<name>Bench 3</name><desc>Behind the student center: a seat with a backrest and armrests in partial shade, with room for a wheelchair beside it</desc>",
    );
  });
});

describe("the API", () => {
  test("GET /api/trails/{id} carries the facts and the trail's benches in walking order, each with its facts", async () => {
    const response = await api(`/api/trails/${await goldId()}`, "GET", userSession);
    expect(response.status).toBe(200);
    const trail = await response.json();
    expect(trail).toMatchObject({ ...SEEDED_GOLD, stepFree: true });
    expect(trail.benches.length).toBeGreaterThanOrEqual(4);
    const along = trail.benches.map((bench: { alongMetres: number }) => bench.alongMetres);
    expect(along).toEqual([...along].sort((a, b) => a - b));
    expect(trail.benches.find((bench: { bench_number: number }) => bench.bench_number === 3)).toMatchObject(
      SEEDED_BENCH_3,
    );
    // The page and the API agree on the count.
    expect(await pageText(await callRoute("/trails/gold"))).toContain(`Benches ${trail.benches.length}`);
  });

  test("PATCH /api/trails/{id}: an admin changes any fact; stepFree and steps must agree", async () => {
    const path = `/api/trails/${await goldId()}`;
    const changed = await api(path, "PATCH", adminSession, {
      surface: "boardwalk",
      steps: 2,
      stepsLocation: "at the library ramp",
      water: null,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      surface: "boardwalk",
      steps: 2,
      stepFree: false,
      stepsLocation: "at the library ramp",
      water: null,
      lighting: "full",
    });
    const stepFree = await api(path, "PATCH", adminSession, { stepFree: true });
    expect(await stepFree.json()).toMatchObject({ steps: 0, stepFree: true, stepsLocation: null });
    expect(await pageText(await callRoute("/trails/gold"))).toContain("Surface Boardwalk");
  });

  test.each([
    [{}, "", "Send at least one trail fact to change."],
    [{ surface: "lava" }, "surface", "Surface must be one of: paved, gravel, boardwalk, grass, mixed."],
    [{ steps: -1 }, "steps", "Steps must be a whole number from 0 to 1000."],
    [{ steps: 2.5 }, "steps", "Steps must be a whole number from 0 to 1000."],
    [{ steepestGradePercent: 101 }, "steepestGradePercent", "Steepest grade must be a percentage from 0 to 100."],
    [{ steepestGradePercent: "steep" }, "steepestGradePercent", "Steepest grade must be a percentage from 0 to 100."],
    [{ shade: "dark" }, "shade", "Shade must be one of: none, partial, full."],
    [{ lighting: true }, "lighting", "Lighting must be one of: none, partial, full."],
    [{ restrooms: "x".repeat(201) }, "restrooms", "Where the restrooms are must be at most 200 characters."],
    [
      { water: "tap\u202Ewater" },
      "water",
      "Where the water is cannot contain control or invisible formatting characters.",
    ],
    [{ stepFree: false }, "steps", "Give the number of steps (at least 1) when the trail is not step-free."],
    [
      { stepFree: true, steps: 3 },
      "stepFree",
      "A step-free trail has 0 steps: send stepFree or steps, not two that disagree.",
    ],
  ])("PATCH /api/trails/{id} %j is refused with 400 and changes nothing", async (body, field, message) => {
    const before = await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" } });
    const response = await api(`/api/trails/${await goldId()}`, "PATCH", adminSession, body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.message).toBe(message);
    if (field) expect(answer.fieldErrors[field]).toEqual([message]);
    expect(await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" } })).toEqual(before);
  });

  test("PATCH /api/trails/{id} is for admins: a User gets 403, a visitor 401, an unknown trail 404", async () => {
    const path = `/api/trails/${await goldId()}`;
    expect((await api(path, "PATCH", userSession, { surface: "grass" })).status).toBe(403);
    expect((await api(path, "PATCH", null, { surface: "grass" })).status).toBe(401);
    expect((await api(`/api/trails/${"0".repeat(24)}`, "PATCH", adminSession, { surface: "grass" })).status).toBe(404);
    expect(
      (await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" }, select: { surface: true } })).surface,
    ).toBe("paved");
  });

  test("bench facts: PATCH changes them (null clears one), bad values are refused, GET carries them", async () => {
    const id = await benchId(3);
    const changed = await api(`/api/bench/bench/${id}`, "PATCH", adminSession, {
      backrest: false,
      seatHeightCm: 44,
      shade: null,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      backrest: false,
      armrests: true,
      shade: null,
      seatHeightCm: 44,
      wheelchairSpace: true,
      bench_number: 3,
    });
    for (const [body, message] of [
      [{ seatHeightCm: 5 }, "Seat height must be a whole number of centimetres from 20 to 120."],
      [{ backrest: "maybe" }, "Backrest must be yes, no or not recorded."],
      [{ shade: "umbrella" }, "Shade must be one of: none, partial, full."],
    ] as const) {
      const refused = await api(`/api/bench/bench/${id}`, "PATCH", adminSession, body);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe(message);
    }
    const listed = await (await api("/api/bench/benches", "GET", userSession)).json();
    expect(listed.find((bench: { _id: string }) => bench._id === id)).toMatchObject({
      backrest: false,
      shade: null,
      seatHeightCm: 44,
    });
  });
});

describe("the admin forms", () => {
  async function post(option: string, fields: Record<string, string>) {
    const request = new Request(`http://localhost/adminControlPanel?option=${option}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: await sessionCookieFor(adminSession) },
      body: new URLSearchParams(fields).toString(),
    });
    try {
      return await adminAction({ request, params: {}, context: getLoadContext() });
    } catch (thrown) {
      return thrown;
    }
  }
  const trailForm = async (overrides: Record<string, string>) => ({
    intent: "save-facts",
    trailId: await goldId(),
    // The version the form was opened with, as its hidden field carries it.
    version: String(
      (await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" }, select: { version: true } })).version,
    ),
    surface: "paved",
    steps: "0",
    stepsLocation: "",
    steepestGradePercent: "4",
    shade: "partial",
    lighting: "full",
    restrooms: "Student Center",
    water: "",
    ...overrides,
  });

  test("the trail facts form saves every fact (blank is not recorded, or none nearby) and says so", async () => {
    const answer = await post(
      "trail",
      await trailForm({ surface: "grass", steps: "", steepestGradePercent: "5.5", water: "" }),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect(
      await prisma.trail.findUniqueOrThrow({
        where: { name: "Gold Trail" },
        select: { surface: true, steps: true, steepestGradePercent: true, water: true },
      }),
    ).toEqual({
      surface: "grass",
      steps: null,
      steepestGradePercent: 5.5,
      water: null,
    });
    // The flash message travels in its own cookie, as a browser would send it back.
    const flash = (answer as Response).headers.get("Set-Cookie")!.split(";")[0];
    const next = await callRoute((answer as Response).headers.get("Location")!, {
      sessionId: adminSession,
      headers: { Cookie: flash },
    });
    expect(await pageText(next)).toContain("Facts of the Gold Trail saved.");
  });

  test("a refused trail facts form keeps what was typed, shows the message at its field, and saves nothing", async () => {
    const answer = (await post("trail", await trailForm({ steps: "many", surface: "grass" }))) as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error.steps).toEqual(["Steps must be a whole number from 0 to 1000."]);
    expect(answer.data.result.initialValue.steps).toBe("many");
    expect(
      (await prisma.trail.findUniqueOrThrow({ where: { name: "Gold Trail" }, select: { surface: true } })).surface,
    ).toBe("paved");
  });

  test("the bench facts form saves every fact (blank is not recorded) and leaves the bench's other fields alone", async () => {
    const id = await benchId(3);
    const before = await prisma.bench.findUniqueOrThrow({
      where: { id },
      select: { location: true, latitude: true, trailId: true },
    });
    const answer = await post("bench", {
      intent: "save-bench-facts",
      benchId: id,
      version: String((await prisma.bench.findUniqueOrThrow({ where: { id }, select: { version: true } })).version),
      backrest: "no",
      armrests: "",
      shade: "none",
      seatHeightCm: "48",
      wheelchairSpace: "yes",
    });
    expect((answer as Response).status).toBe(302);
    expect(
      await prisma.bench.findUniqueOrThrow({
        where: { id },
        select: { backrest: true, armrests: true, shade: true, seatHeightCm: true, wheelchairSpace: true },
      }),
    ).toEqual({
      backrest: false,
      armrests: null,
      shade: "none",
      seatHeightCm: 48,
      wheelchairSpace: true,
    });
    expect(
      await prisma.bench.findUniqueOrThrow({
        where: { id },
        select: { location: true, latitude: true, trailId: true },
      }),
    ).toEqual(before);
  });

  test("a refused bench facts form names the field and saves nothing", async () => {
    const id = await benchId(3);
    const answer = (await post("bench", {
      intent: "save-bench-facts",
      benchId: id,
      version: String((await prisma.bench.findUniqueOrThrow({ where: { id }, select: { version: true } })).version),
      backrest: "no",
      armrests: "",
      shade: "",
      seatHeightCm: "3 ft",
      wheelchairSpace: "",
    })) as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error.seatHeightCm).toEqual([
      "Seat height must be a whole number of centimetres from 20 to 120.",
    ]);
    expect((await prisma.bench.findUniqueOrThrow({ where: { id }, select: { backrest: true } })).backrest).toBe(true);
  });
});
