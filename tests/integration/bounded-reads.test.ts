// Reads bounded by design: an account with 20,000 walks gets its My walks page and its walks API answer
// in about the time one walk takes, and in a bounded size: lists come a page at a time (keyset cursors),
// summaries are summed in SQL, never by loading the rows.
import { beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { WALK_PAGE } from "~/schemas/page";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";

const GOLD = "673e9addbf9ebe061ef810bf";
const MANY = 20_000;
const heavy = { id: "", token: "" };
const light = { id: "", token: "" };

beforeAll(async () => {
  await seedDatabase(prisma);
  for (const [who, name] of [
    [heavy, "heavywalker"],
    [light, "lightwalker"],
  ] as const) {
    const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
    who.id = user.id;
    who.token = (await createSession(user.id)).id;
  }
  const today = Date.UTC(2026, 10, 24);
  // Spread over the last ~55 days, so the chart's weeks and the month total all hold thousands.
  for (let start = 0; start < MANY; start += 5_000) {
    await prisma.walk.createMany({
      data: Array.from({ length: 5_000 }, (_, i) => ({
        userId: heavy.id,
        trailId: GOLD,
        date: new Date(today - ((start + i) % 55) * 86_400_000),
        distanceMetres: 1000,
      })),
    });
  }
  await prisma.walk.create({ data: { userId: light.id, trailId: GOLD, date: new Date(today), distanceMetres: 1000 } });
}, 120_000);

async function timed(path: string, token: string, init: RequestInit & { sessionId?: string } = {}) {
  const started = performance.now();
  const response = await callRoute(path, init.sessionId ? init : { ...init, headers: { Authorization: `Bearer ${token}` } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, response, body };
}

/** The median of several runs, so one slow moment of a shared machine does not decide. */
async function median(run: () => Promise<{ ms: number }>) {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) times.push((await run()).ms);
  return times.sort((a, b) => a - b)[3];
}

describe("reads bounded by design", () => {
  test("the walks API answers one page (with a Link to the next) for 20,000 walks, as fast as for one and under 200 KB", async () => {
    const page = await timed("/api/walks", heavy.token);
    expect(page.response.status).toBe(200);
    const walks = JSON.parse(Buffer.from(page.body).toString("utf8")) as unknown[];
    expect(walks).toHaveLength(WALK_PAGE.defaultSize);
    expect(page.bytes).toBeLessThan(200 * 1024);
    expect(page.response.headers.get("Link")).toMatch(/^<\/api\/walks\?cursor=[\w-]+&limit=50>; rel="next"$/);

    const heavyMs = await median(() => timed("/api/walks", heavy.token));
    const lightMs = await median(() => timed("/api/walks", light.token));
    expect(heavyMs).toBeLessThan(Math.max(lightMs * 3, lightMs + 40));
  });

  test("following the cursors visits every walk once, in order, and a cursor we did not make is refused", async () => {
    const seen = new Set<string>();
    let next: string | null = `/api/walks?limit=100`;
    let pages = 0;
    let lastDate = "9999-12-31";
    while (next && pages < 5) {
      const answer = await callRoute(next, { headers: { Authorization: `Bearer ${heavy.token}` } });
      const walks = (await answer.json()) as { _id: string; date: string }[];
      for (const walk of walks) {
        expect(seen.has(walk._id)).toBe(false);
        expect(walk.date <= lastDate).toBe(true);
        lastDate = walk.date;
        seen.add(walk._id);
      }
      next = /<([^>]+)>; rel="next"/.exec(answer.headers.get("Link") ?? "")?.[1] ?? null;
      pages++;
    }
    expect(seen.size).toBe(500);
    expect((await callRoute("/api/walks?limit=101", { headers: { Authorization: `Bearer ${heavy.token}` } })).status).toBe(400);
    const forged = await callRoute("/api/walks?cursor=not-ours", { headers: { Authorization: `Bearer ${heavy.token}` } });
    expect(forged.status).toBeLessThan(500);
  });

  test("My walks renders for 20,000 walks as fast as for one, under 200 KB, with sums computed in SQL", async () => {
    const page = await timed("/userControlPanel/walks", heavy.token, { sessionId: heavy.token });
    expect(page.response.status).toBe(200);
    expect(page.bytes).toBeLessThan(200 * 1024);
    const html = Buffer.from(page.body).toString("utf8");
    expect(html).toContain("Older walks");
    const heavyMs = await median(() => timed("/userControlPanel/walks", heavy.token, { sessionId: heavy.token }));
    const lightMs = await median(() => timed("/userControlPanel/walks", light.token, { sessionId: light.token }));
    expect(heavyMs).toBeLessThan(Math.max(lightMs * 3, lightMs + 60));
  });
});
