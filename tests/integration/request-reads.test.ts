// What every request shares (decision 063), proved by the SQL each request sends, in this
// process on the file's own database: one session lookup per request that brings every data version with
// it, the cookie's signature checked once per header while the session itself is asked for on every
// request, and the trails and benches API answers made once per version of their data.
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { callRoute, sessionCookieFor } from "../support/routes";

const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());

let userId: string;
let sessionId: string;

beforeAll(async () => {
  await truncateAll(database);
  await seedDatabase(prisma);
  userId = (await createUser({ username: "reader", email: "reader@example.test", password: "reader-password" })).id;
  sessionId = (await createSession(userId)).id;
});

/** The statements one request sends, and its answer. */
async function statementsOf(target: string, init: Parameters<typeof callRoute>[1] = {}) {
  const before = statements.length;
  const response = await callRoute(target, init);
  const body = await response.text();
  return { response, body, sql: statements.slice(before) };
}

/** Runs SQL without firing triggers, so DataVersion does not move (how a test tells memory from a read). */
function writeBehindTheVersion(text: string) {
  return database.withSql(async (sql) => {
    await sql.exec("SET LOCAL session_replication_role = replica");
    await sql.exec(text);
  });
}

const bearer = () => ({ headers: { Authorization: `Bearer ${sessionId}` } });

describe("one session lookup per request, with every data version", () => {
  test("a video page is one statement: the session, the data versions, the counters and the reactions", async () => {
    await callRoute("/bodyWeightExercises", { sessionId });
    const { response, sql } = await statementsOf("/bodyWeightExercises", { sessionId });
    expect(response.status).toBe(200);
    // The root's loader and the page's both asked for the user: one lookup answered them, and brought
    // the page's counters and the person's reactions with it.
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/"Session"/);
    expect(sql[0]).toMatch(/"DataVersion"/);
    expect(sql[0]).toMatch(/"VideoReaction"/);
  });

  test("a page's action looks the session up for itself, and the loaders Remix runs after it once between them", async () => {
    await callRoute("/userControlPanel/walks", { sessionId });
    const { response, body, sql } = await statementsOf("/userControlPanel/walks", {
      sessionId,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "log" }).toString(),
    });
    expect(response.status).toBe(400);
    expect(body).toMatch(/Gold Trail/);
    // Not the action's answer handed on: what an action changes (a session, a role) counts for the page
    // it renders. The root's loader and the page's share one lookup through their load context.
    expect(sql.filter((text) => /"Session"/.test(text))).toHaveLength(2);
  });

  test("a page that shows trails reads no version of its own: the lookup's versions serve the cache", async () => {
    await callRoute("/userControlPanel/walks", { sessionId });
    const { response, body, sql } = await statementsOf("/userControlPanel/walks", { sessionId });
    expect(response.status).toBe(200);
    expect(body).toMatch(/Gold Trail/);
    expect(sql.filter((text) => /"DataVersion"/.test(text))).toHaveLength(1);
    expect(sql.join("\n")).not.toMatch(/"TrailPoint"/);
  });

  test("the trails API is one statement: the trails and the answer's text come from memory", async () => {
    await callRoute("/api/trails/trails", bearer());
    const { response, body, sql } = await statementsOf("/api/trails/trails", bearer());
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((JSON.parse(body) as { name: string }[]).map((trail) => trail.name)).toContain("Gold Trail");
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/"Session"/);
  });
});

describe("what is kept never outlives what it was made from", () => {
  test("the API answers' text: a write behind the version is not seen, an edit is, on the next request", async () => {
    const trailNames = async () =>
      ((await (await callRoute("/api/trails/trails", bearer())).json()) as { name: string }[]).map((t) => t.name);
    const benchLocations = async () =>
      ((await (await callRoute("/api/bench/benches", bearer())).json()) as { location: string }[]).map(
        (b) => b.location,
      );
    const [trailsBefore, benchesBefore] = [await trailNames(), await benchLocations()];
    const gold = await prisma.trail.findFirstOrThrow({ where: { name: "Gold Trail" }, select: { id: true } });
    const bench = await prisma.bench.findFirstOrThrow({ orderBy: { benchNumber: "asc" }, select: { id: true } });

    await writeBehindTheVersion(`UPDATE "Trail" SET "name" = 'Renamed behind the version' WHERE "id" = '${gold.id}'`);
    await writeBehindTheVersion(
      `UPDATE "Bench" SET "location" = 'Moved behind the version' WHERE "id" = '${bench.id}'`,
    );
    expect(await trailNames()).toEqual(trailsBefore);
    expect(await benchLocations()).toEqual(benchesBefore);

    // Any write through the triggers moves the version: the next answer is made anew, with both changes.
    await prisma.trail.update({ where: { id: gold.id }, data: { version: { increment: 1 } } });
    await prisma.bench.update({ where: { id: bench.id }, data: { version: { increment: 1 } } });
    expect(await trailNames()).toContain("Renamed behind the version");
    expect(await benchLocations()).toContain("Moved behind the version");
  });

  test("the same Cookie header is a visitor's once its session has ended", async () => {
    const ending = (await createSession(userId)).id;
    const cookie = await sessionCookieFor(ending);
    expect((await callRoute("/bodyWeightExercises", { headers: { Cookie: cookie } })).status).toBe(200);
    await prisma.session.delete({ where: { id: ending } });
    const after = await callRoute("/bodyWeightExercises", { headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/authorization\?/);
  });

  test("a role changed in the database counts on the next request with the same cookie", async () => {
    const promoted = await createUser({
      username: "promoted",
      email: "promoted@example.test",
      password: "promoted-password",
    });
    const cookie = await sessionCookieFor((await createSession(promoted.id)).id);
    expect((await callRoute("/adminHome", { headers: { Cookie: cookie } })).status).toBe(403);
    await prisma.user.update({ where: { id: promoted.id }, data: { role: "Admin" } });
    expect((await callRoute("/adminHome", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  test("a cookie whose signature does not match is a visitor's, however often it is sent", async () => {
    const cookie = await sessionCookieFor(sessionId);
    const forged = cookie.replace(/.(;|$)/, (last, end: string) => `${last[0] === "A" ? "B" : "A"}${end}`);
    expect(forged).not.toBe(cookie);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await callRoute("/bodyWeightExercises", { headers: { Cookie: forged } });
      expect(response.status).toBe(302);
    }
    expect((await callRoute("/bodyWeightExercises", { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
