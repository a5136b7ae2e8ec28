// The walk log through its two doors, the My walks page and /api/walks: the same schema and refusals,
// one's own walks only (someone else's id is a 404, like no walk at all), and nothing half-written.
import { beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { createSession } from "~/models/session.server";
import { walkMessages } from "~/schemas/walk";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute, fieldValue, textById } from "../support/routes";

const GOLD = "673e9addbf9ebe061ef810bf";

async function walker(prefix: string) {
  const name = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
  return { user, token: (await createSession(user.id)).id };
}

function api(path: string, token: string, method = "GET", body?: unknown) {
  return callRoute(path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function page(sessionId: string, fields: Record<string, string>, path = "/userControlPanel/walks") {
  return callRoute(path, { method: "POST", sessionId, body: new URLSearchParams(fields) });
}

beforeAll(async () => {
  await seedDatabase(prisma);
});

describe("/api/walks", () => {
  test("POST logs a summary and answers it; GET lists only the caller's walks", async () => {
    const me = await walker("apime");
    const someone = await walker("apiother");
    const created = await api("/api/walks", me.token, "POST", {
      trailId: GOLD,
      date: "2025-03-19",
      durationMinutes: 30,
      distanceMiles: 1.25,
    });
    expect(created.status).toBe(201);
    const walk = await created.json();
    expect(walk).toMatchObject({
      trailId: GOLD,
      trailName: "Gold Trail",
      date: "2025-03-19",
      durationMinutes: 30,
      distanceMiles: 1.25,
      steps: 2500,
    });
    await api("/api/walks", someone.token, "POST", { trailId: GOLD, date: "2025-03-18" });
    const mine = await (await api("/api/walks", me.token)).json();
    expect(mine.map((row: { _id: string }) => row._id)).toEqual([walk._id]);
  });

  test("bad input is a 400 naming the field, and writes nothing", async () => {
    const me = await walker("apibad");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: "2025-03-19" }, "trailId", walkMessages.trailRequired],
      [{ trailId: "0".repeat(24), date: "2025-03-19" }, "trailId", walkMessages.trailUnknown],
      [{ trailId: "x", date: "2025-03-19" }, "trailId", walkMessages.trailUnknown],
      [{ trailId: GOLD }, "date", walkMessages.dateRequired],
      [{ trailId: GOLD, date: "2025-02-30" }, "date", walkMessages.dateInvalid],
      [{ trailId: GOLD, date: "19/03/2025" }, "date", walkMessages.dateInvalid],
      [{ trailId: GOLD, date: "2999-01-01" }, "date", walkMessages.dateInFuture],
      [{ trailId: GOLD, date: "1999-12-31" }, "date", walkMessages.dateTooOld],
      [{ trailId: GOLD, date: "2025-03-19", durationMinutes: -5 }, "durationMinutes", walkMessages.durationInvalid],
      [{ trailId: GOLD, date: "2025-03-19", durationMinutes: "soon" }, "durationMinutes", walkMessages.durationInvalid],
      [{ trailId: GOLD, date: "2025-03-19", laps: 0 }, "laps", walkMessages.lapsInvalid],
      [{ trailId: GOLD, date: "2025-03-19", laps: 21 }, "laps", walkMessages.lapsInvalid],
      [{ trailId: GOLD, date: "2025-03-19", distanceMiles: "1e309" }, "distanceMiles", walkMessages.distanceInvalid],
      [{ trailId: GOLD, date: "2025-03-19", distanceMiles: 51 }, "distanceMiles", walkMessages.distanceInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("/api/walks", me.token, "POST", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).fieldErrors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await prisma.walk.count({ where: { userId: me.user.id } })).toBe(0);
  });

  test("DELETE removes one's own walk; another person's or a malformed id is a 404 and stays", async () => {
    const me = await walker("apidel");
    const someone = await walker("apikeep");
    const theirs = await (await api("/api/walks", someone.token, "POST", { trailId: GOLD, date: "2025-03-18" })).json();
    const mine = await (await api("/api/walks", me.token, "POST", { trailId: GOLD, date: "2025-03-18" })).json();
    const refused = await api(`/api/walks/${theirs._id}`, me.token, "DELETE");
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe(walkMessages.notFound);
    expect(await prisma.walk.count({ where: { id: theirs._id } })).toBe(1);
    expect((await api("/api/walks/not-an-id", me.token, "DELETE")).status).toBe(404);
    const deleted = await api(`/api/walks/${mine._id}`, me.token, "DELETE");
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: walkMessages.deleted, _id: mine._id });
    expect(await prisma.walk.count({ where: { id: mine._id } })).toBe(0);
  });

  test("without a session the API answers 401", async () => {
    expect((await callRoute("/api/walks")).status).toBe(401);
    expect(
      (await callRoute("/api/walks", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }))
        .status,
    ).toBe(401);
  });
});

describe("the My walks page", () => {
  test("logging a walk redirects with a toast and stores it; a refusal keeps what was typed", async () => {
    const me = await walker("pagelog");
    const saved = await page(me.token, {
      intent: "log",
      trailId: GOLD,
      date: "2025-03-19",
      durationMinutes: "",
      laps: "2",
      distanceMiles: "",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/userControlPanel/walks");
    expect(await prisma.walk.count({ where: { userId: me.user.id } })).toBe(1);

    const refused = await page(me.token, {
      intent: "log",
      trailId: GOLD,
      date: "2999-01-01",
      durationMinutes: "45",
      laps: "1",
      distanceMiles: "",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(textById(html, "log-walk-form-date-error")).toBe(walkMessages.dateInFuture);
    expect(fieldValue(html, "date")).toBe("2999-01-01");
    expect(fieldValue(html, "durationMinutes")).toBe("45");
    expect(html).toMatch(new RegExp(`<option value="${GOLD}" selected=""`));
    expect(await prisma.walk.count({ where: { userId: me.user.id } })).toBe(1);
  });

  test("the page shows one's own walks and totals; it never confirms or deletes someone else's walk", async () => {
    const me = await walker("pageme");
    const someone = await walker("pageother");
    const theirs = await (await api("/api/walks", someone.token, "POST", { trailId: GOLD, date: "2025-03-18" })).json();
    const mine = await (
      await api("/api/walks", me.token, "POST", { trailId: GOLD, date: "2025-03-18", distanceMiles: 2 })
    ).json();

    // The page lists (and links the deletion of) only one's own walk, and asks to confirm only that.
    const view = await (
      await callRoute(`/userControlPanel/walks?confirm=delete&id=${theirs._id}`, { sessionId: me.token })
    ).text();
    expect(view).toContain(mine._id);
    expect(view).not.toContain(theirs._id);
    expect(view).not.toMatch(/<dialog\b[^>]*\bopen=""/);
    const confirming = await (
      await callRoute(`/userControlPanel/walks?confirm=delete&id=${mine._id}`, { sessionId: me.token })
    ).text();
    expect(confirming).toMatch(/<dialog\b[^>]*\bopen=""/);
    expect(confirming).toContain(mine._id);

    const refused = await page(me.token, { intent: "delete", walkId: theirs._id });
    expect(refused.status).toBe(404);
    expect(await prisma.walk.count({ where: { id: theirs._id } })).toBe(1);
    const deleted = await page(me.token, { intent: "delete", walkId: mine._id });
    expect(deleted.status).toBe(302);
    expect(await prisma.walk.count({ where: { id: mine._id } })).toBe(0);
  });
});
