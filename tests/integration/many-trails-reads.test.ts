// Many trails, no more reads: with 40 more trails and a bench on each, the landing page, /trails, a trail's
// page and /api/trails/trails send exactly the statements they send with four, when their caches are cold
// (just after a change) as when warm: the trails and benches are read whole, once per change, never one
// query per trail. Proved by the SQL each request sends, as tests/integration/bounded-reads.test.ts does.
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";

const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());

let token: string;
const PAGES = ["/", "/trails?trail=gold", "/trails/gold", "/api/trails/trails"];

beforeAll(async () => {
  await seedDatabase(prisma);
  const user = await createUser({ username: "manytrails", email: "manytrails@example.test", password: "pass1234" });
  token = (await createSession(user.id)).id;
});

async function addTrails(from: number, count: number) {
  for (let n = from; n < from + count; n++) {
    const [lon, lat] = [-84.004 + (n % 8) * 0.0005, 33.978 + Math.floor(n / 8) * 0.0005];
    const trail = await prisma.trail.create({
      data: {
        name: `Loop ${n}`,
        slug: `loop-${n}`,
        color: "blue",
        points: {
          create: [
            { position: 0, longitude: lon, latitude: lat },
            { position: 1, longitude: lon + 0.0003, latitude: lat + 0.0003 },
          ],
        },
      },
    });
    await prisma.bench.create({
      data: { benchNumber: 1_000 + n, location: `Loop ${n}'s bench`, latitude: lat, longitude: lon, trailId: trail.id },
    });
  }
}

/** The statements each page sends, cold (first after a change) then warm. */
async function readsOfEachPage() {
  const counts: Record<string, [number, number]> = {};
  for (const path of PAGES) {
    const sent = async () => {
      const before = statements.length;
      const headers = path.startsWith("/api/") ? { Authorization: `Bearer ${token}` } : undefined;
      // The landing and trail pages as a visitor sees them; the map signed in, as it only shows then.
      const response = await callRoute(path, { headers, sessionId: path.startsWith("/trails?") ? token : undefined });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      return statements.length - before;
    };
    counts[path] = [await sent(), await sent()];
  }
  return counts;
}

describe("44 trails read like 4", () => {
  test("the landing page, /trails, a trail's page and the trails API send the same statements", async () => {
    await addTrails(0, 1);
    const few = await readsOfEachPage();
    await addTrails(1, 40);
    expect(await prisma.trail.count()).toBe(44);
    const many = await readsOfEachPage();
    // Never more with 44 than with 4 (a query a trail would add 40), and a few whole-table reads at most.
    for (const path of PAGES) {
      expect(many[path][0], `${path} cold: ${JSON.stringify({ few, many })}`).toBeLessThanOrEqual(few[path][0]);
      expect(many[path][1], `${path} warm`).toBeLessThanOrEqual(few[path][1]);
      expect(many[path][0], path).toBeLessThan(20);
    }
    // On a phone 44 buttons would be a wall: the choice is a select of the 44 in a plain GET form.
    const html = await (await callRoute("/trails?trail=loop-7", { sessionId: token })).text();
    const select = /<select[^>]*name="trail"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
    expect(select.match(/<option/g)).toHaveLength(44);
    expect(select).toMatch(/<option value="loop-7" selected="">Loop 7<\/option>/);
    expect(html).toMatch(/<form method="get" action="\/trails"/);
    // The map's first request after the change read the trails again: the counts are of real reloads.
    expect(many["/trails?trail=gold"][0]).toBeGreaterThan(many["/trails?trail=gold"][1]);
  });
});
