// Adding, renaming, recolouring and deleting a trail (decision 078), through the built app: the API
// (201 with its id and address, 400 with the sentence, 401/403, 404, 409 for a name taken), the Trail
// area's forms without JavaScript (the same preview as a replaced path, the confirmation step), and what
// a deletion keeps: the benches, the walks' and reports' trail name.
import { beforeAll, describe, expect, test } from "vitest";
import { trailAdminMessages } from "~/schemas/trail-admin";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { signedInAccount } from "../support/accounts";
import { callRoute, fieldValue, pageText } from "../support/routes";

let adminToken: string;
let userToken: string;
let userId: string;

const GOLD = "673e9addbf9ebe061ef810bf";
// Beside the sample campus, so within its area.
const LOOP: [number, number][] = [
  [-84.0041, 33.9821],
  [-84.0035, 33.9826],
  [-84.0029, 33.9821],
];

beforeAll(async () => {
  await seedDatabase(prisma);
  adminToken = (await signedInAccount("Admin", "ownadmin")).token;
  ({ id: userId, token: userToken } = await signedInAccount("User", "ownwalker"));
});

function api(method: string, path: string, body?: unknown, token: string | null = adminToken) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return callRoute(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function addByApi(name: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/api/trails", {
    name,
    path: { type: "LineString", coordinates: LOOP },
    ...extra,
  });
  return { status: response.status, body: await response.json() };
}

describe("POST /api/trails", () => {
  test("an admin adds a trail: 201 with its id and an address from its name, and its page is there", async () => {
    const { status, body } = await addByApi("Riverside Loop", { color: "teal" });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      _id: expect.any(String),
      slug: "riverside-loop",
      name: "Riverside Loop",
      color: "teal",
    });
    expect(body.path.coordinates).toEqual(LOOP);
    const page = await callRoute("/trails/riverside-loop");
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("Riverside Loop");
    const list = await (await api("GET", "/api/trails/trails", undefined, userToken)).json();
    expect(list.map((trail: { name: string }) => trail.name)).toContain("Riverside Loop");
  });

  test("the address is unique: the same words give -2, -3; the sample trails keep their colours", async () => {
    const second = await addByApi("Riverside  loop!");
    expect(second.body).toMatchObject({ slug: "riverside-loop-2" });
    const third = await addByApi("Riverside-Loop");
    expect(third.body).toMatchObject({ slug: "riverside-loop-3" });
    const gold = await addByApi("Gold");
    expect(gold.body.slug).toBe("gold-2");
    const samples = await prisma.trail.findMany({ where: { color: { in: ["gold", "green", "gray"] } } });
    expect(samples.map((trail) => trail.slug).sort()).toEqual(["gold", "gray", "green"]);
    expect(await pageText(await callRoute("/trails/gold"))).toContain("Gold Trail");
  });

  test("without a colour it takes the first the trails do not use yet", async () => {
    const used = (await prisma.trail.findMany({ select: { color: true } })).map((trail) => trail.color);
    const { body } = await addByApi("Meadow Path");
    expect(used).not.toContain(body.color);
    expect(["blue", "purple", "teal", "red", "olive", "pink"]).toContain(body.color);
  });

  test("bad input is a 400 with the sentence, and nothing is added", async () => {
    const before = await prisma.trail.count();
    const cases: [unknown, string][] = [
      [{ path: { type: "LineString", coordinates: LOOP } }, trailAdminMessages.nameRequired],
      [{ name: "X", color: "gold", path: { type: "LineString", coordinates: LOOP } }, trailAdminMessages.color],
      [{ name: "X", path: { type: "Point", coordinates: LOOP[0] } }, trailAdminMessages.path],
      [{ name: "X", path: { type: "LineString", coordinates: [LOOP[0]] } }, "a path needs at least 2"],
      [{ name: "X", path: { type: "LineString", coordinates: [LOOP[0], [-122.68, 45.52]] } }, "km from the campus"],
      [{ name: "X".repeat(101), path: { type: "LineString", coordinates: LOOP } }, trailAdminMessages.nameTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await api("POST", "/api/trails", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).toContain(message);
    }
    expect(await prisma.trail.count()).toBe(before);
  });

  test("a name another trail has, in any case, is 409 at the name", async () => {
    const response = await api("POST", "/api/trails", {
      name: "gold trail",
      path: { type: "LineString", coordinates: LOOP },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).fieldErrors.name).toEqual([trailAdminMessages.nameTaken]);
  });

  test("a visitor gets 401 and a User 403; nothing is added", async () => {
    const before = await prisma.trail.count();
    const body = { name: "Sneaky", path: { type: "LineString", coordinates: LOOP } };
    expect((await api("POST", "/api/trails", body, null)).status).toBe(401);
    expect((await api("POST", "/api/trails", body, userToken)).status).toBe(403);
    expect((await api("DELETE", `/api/trails/${GOLD}`, undefined, userToken)).status).toBe(403);
    expect((await api("PATCH", `/api/trails/${GOLD}`, { name: "Mine" }, userToken)).status).toBe(403);
    expect(await prisma.trail.count()).toBe(before);
  });
});

describe("PATCH and DELETE /api/trails/{id}", () => {
  test("rename and recolour: the address stays, the version moves, facts may come along", async () => {
    const { body: added } = await addByApi("Pond Walk", { color: "red" });
    const renamed = await api("PATCH", `/api/trails/${added._id}`, {
      name: "Lily Pond Walk",
      color: "purple",
      steps: 0,
    });
    expect(renamed.status).toBe(200);
    const body = await renamed.json();
    expect(body).toMatchObject({
      name: "Lily Pond Walk",
      color: "purple",
      slug: "pond-walk",
      steps: 0,
      stepFree: true,
    });
    expect(body.version).toBe(added.version + 1);
    expect(await pageText(await callRoute("/trails/pond-walk"))).toContain("Lily Pond Walk");
  });

  test("a sample trail keeps its colour but no trail takes one; a taken name is 409; unknown id 404", async () => {
    expect((await api("PATCH", `/api/trails/${GOLD}`, { color: "gold" })).status).toBe(200);
    const { body: added } = await addByApi("Orchard Way");
    const sample = await api("PATCH", `/api/trails/${added._id}`, { color: "gold" });
    expect(sample.status).toBe(400);
    expect((await sample.json()).fieldErrors.color).toEqual([trailAdminMessages.sampleColor]);
    const taken = await api("PATCH", `/api/trails/${added._id}`, { name: "GREEN TRAIL" });
    expect(taken.status).toBe(409);
    expect((await api("PATCH", "/api/trails/0123456789abcdef01234567", { name: "Nowhere" })).status).toBe(404);
    expect((await api("DELETE", "/api/trails/0123456789abcdef01234567")).status).toBe(404);
    expect((await prisma.trail.findUniqueOrThrow({ where: { id: added._id } })).name).toBe("Orchard Way");
  });

  test("delete: benches stay without a trail, walks and reports keep the trail's name, the page is gone", async () => {
    const { body: added } = await addByApi("Short Lived", { color: "olive" });
    const bench = await prisma.bench.create({
      data: {
        benchNumber: 901,
        location: "By the pond",
        latitude: LOOP[1][1],
        longitude: LOOP[1][0],
        trailId: added._id,
      },
    });
    const walked = await api("POST", "/api/walks", { trailId: added._id, date: "2026-11-20" }, userToken);
    expect(walked.status).toBe(201);
    const report = await prisma.report.create({
      data: { userId, trailId: added._id, category: "litter", description: "Bottles by the pond" },
    });
    const stale = await callRoute(`/api/trails/${added._id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${adminToken}`, "If-Match": '"999"' },
    });
    expect(stale.status).toBe(412);

    expect((await api("DELETE", `/api/trails/${added._id}`)).status).toBe(204);
    expect(await prisma.trail.findUnique({ where: { id: added._id } })).toBeNull();
    expect(await prisma.bench.findUniqueOrThrow({ where: { id: bench.id } })).toMatchObject({ trailId: null });
    const walks = await (await api("GET", "/api/walks", undefined, userToken)).json();
    expect(walks).toContainEqual(expect.objectContaining({ trailId: null, trailName: "Short Lived" }));
    expect(await prisma.report.findUniqueOrThrow({ where: { id: report.id } })).toMatchObject({
      trailId: null,
      removedTrailName: "Short Lived",
    });
    expect((await callRoute("/trails/short-lived")).status).toBe(404);
    expect((await callRoute(`/benches/${bench.id}`)).status).toBe(200);
  });
});

describe("the Trail area without JavaScript", () => {
  function addForm(fields: Record<string, string | Blob>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, "riverbank.geojson");
    }
    return callRoute("/adminControlPanel/trail-path", { method: "POST", body: form, sessionId: adminToken });
  }

  test("typed points go to the preview, and Add the trail adds it with a flash message", async () => {
    const points = LOOP.map(([lon, lat]) => `${lat}, ${lon}`).join("\n");
    const upload = await addForm({ name: "Typed Trail", color: "pink", points });
    expect(upload.status).toBe(302);
    const preview = upload.headers.get("Location")!;
    const previewText = await pageText(await callRoute(preview, { sessionId: adminToken }));
    expect(previewText).toContain("New trail: Typed Trail");
    expect(previewText).toContain("3 points");
    expect(await prisma.trail.findFirst({ where: { name: "Typed Trail" } })).toBeNull();
    const form = new URLSearchParams({ intent: "apply", version: "0" });
    const applied = await callRoute(preview, { method: "POST", body: form, sessionId: adminToken });
    expect(applied.status).toBe(302);
    const trail = await prisma.trail.findFirstOrThrow({ where: { name: "Typed Trail" } });
    expect(trail).toMatchObject({ slug: "typed-trail", color: "pink" });
    const area = await callRoute(applied.headers.get("Location")!, {
      sessionId: adminToken,
      headers: { Cookie: applied.headers.get("Set-Cookie")!.split(";")[0] },
    });
    expect(await pageText(area)).toContain(trailAdminMessages.added("Typed Trail", 3));
  });

  test("a GeoJSON file takes the same way; a refusal keeps what was typed and says why", async () => {
    const geojson = JSON.stringify({ type: "LineString", coordinates: LOOP });
    const upload = await addForm({ name: "File Trail", color: "blue", file: new Blob([geojson]) });
    expect(upload.status).toBe(302);
    const nameTaken = await addForm({ name: "Green Trail", color: "blue", file: new Blob([geojson]) });
    expect(nameTaken.status).toBe(409);
    const html = await nameTaken.text();
    expect(html).toContain(trailAdminMessages.nameTaken);
    expect(fieldValue(html, "name")).toBe("Green Trail");
    const nothing = await addForm({ name: "Pathless", color: "blue" });
    expect(nothing.status).toBe(400);
    expect(await pageText(nothing)).toContain(trailAdminMessages.pathRequired);
    const badLine = await addForm({ name: "Bad Line", color: "blue", points: "33.98, -84.00\nnorth of the gym" });
    expect(badLine.status).toBe(400);
    expect(await pageText(badLine)).toContain("Line 2 is not a latitude and longitude");
  });

  test("rename through the area's form, then delete through its confirmation step", async () => {
    const { body: added } = await addByApi("Form Trail", { color: "blue" });
    const area = `/adminControlPanel?option=trail&trail=${added._id}`;
    const save = new URLSearchParams({
      intent: "save-details",
      trailId: added._id,
      version: String(added.version),
      name: "Form Trail Renamed",
      color: "red",
    });
    const saved = await callRoute(area, { method: "POST", body: save, sessionId: adminToken });
    expect(saved.status).toBe(302);
    expect(await prisma.trail.findUniqueOrThrow({ where: { id: added._id } })).toMatchObject({
      name: "Form Trail Renamed",
      color: "red",
      slug: "form-trail",
    });
    const stale = await callRoute(area, { method: "POST", body: save, sessionId: adminToken });
    expect(stale.status).toBe(409);

    const confirm = await callRoute(`${area}&confirm=delete-trail`, { sessionId: adminToken });
    const confirmText = await pageText(confirm);
    expect(confirmText).toContain("Are you sure you want to delete the Form Trail Renamed?");
    expect(confirmText).toContain("0 benches stay");
    const version = (await prisma.trail.findUniqueOrThrow({ where: { id: added._id } })).version;
    const remove = new URLSearchParams({ intent: "delete-trail", trailId: added._id, version: String(version) });
    const deleted = await callRoute(area, { method: "POST", body: remove, sessionId: adminToken });
    expect(deleted.status).toBe(302);
    expect(await prisma.trail.findUnique({ where: { id: added._id } })).toBeNull();
  });

  test("a User cannot add a trail through the form", async () => {
    const form = new FormData();
    form.append("name", "Walker's Trail");
    form.append("color", "blue");
    form.append("points", "33.98, -84.004\n33.981, -84.003");
    const answer = await callRoute("/adminControlPanel/trail-path", {
      method: "POST",
      body: form,
      sessionId: userToken,
    });
    expect(answer.status).toBe(403);
    expect(await prisma.trail.findFirst({ where: { name: "Walker's Trail" } })).toBeNull();
  });
});
