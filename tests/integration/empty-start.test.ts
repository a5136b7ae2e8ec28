// A start without the sample campus (SAMPLE_DATA=false): only the administrator is made, a later start
// with the default adds nothing, and the public answers stand on an empty campus.
import { beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { endpointDocs } from "~/openapi/endpoints";
import { build, callRoute, pageText } from "../support/routes";

let first: Awaited<ReturnType<typeof seedDatabase>>;

beforeAll(async () => {
  first = await seedDatabase(prisma, { sampleData: false });
});

describe("an empty start", () => {
  test("makes only the administrator, and a later start with the sample on adds nothing", async () => {
    expect(first.applied).toEqual(["admin"]);
    expect(await prisma.user.count({ where: { role: "Admin" } })).toBe(1);
    const again = await seedDatabase(prisma, { sampleData: true });
    expect(again.applied).toEqual([]);
    expect([
      await prisma.trail.count(),
      await prisma.bench.count(),
      await prisma.video.count(),
      await prisma.campus.count(),
    ]).toEqual([0, 0, 0, 0]);
  });

  test("the public pages and answers work with no trails, benches or videos", async () => {
    for (const target of ["/", "/about", "/privacy", "/api/notices"]) {
      expect((await callRoute(target)).status, target).toBe(200);
    }
    expect(await (await callRoute("/api/campus")).json()).toMatchObject({
      name: "Our campus",
      timeZone: "America/New_York",
      center: null,
    });
  });
});

describe("the first place on an empty campus", () => {
  test("a bench 3,000 km from the sample campus is taken; the next one must be near it", async () => {
    const admin = await createUser({
      username: "firstplace",
      email: "firstplace@example.test",
      password: "pass1234",
      role: "Admin",
    });
    const token = (await createSession(admin.id)).id;
    const create = (body: object) =>
      callRoute("/api/bench/bench", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    // Portland, Oregon: about 3,500 km from the sample campus in Georgia.
    expect((await create({ bench_number: 1, location: "Riverside", latitude: 45.52, longitude: -122.68 })).status).toBe(
      201,
    );
    const far = await create({ bench_number: 2, location: "Back east", latitude: 33.98, longitude: -84.005 });
    expect(far.status).toBe(400);
    expect(await far.json()).toMatchObject({
      message: "This point is 3,506 km from the campus; points must be within 5 km of its trails and benches.",
    });
    expect(
      (await create({ bench_number: 2, location: "Down the path", latitude: 45.53, longitude: -122.69 })).status,
    ).toBe(201);
    await prisma.bench.deleteMany();
  });
});

/** Every page and GET route the build has, its parameters filled with ids that match nothing. */
function everyGetPath(): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const paths = Object.keys(build.routes)
    .filter((id) => build.routes[id]?.module.loader)
    .map((id) => fullPath(id).replace(/\/+/g, "/") || "/")
    .filter((path) => !path.includes("*"));
  const areas = ["profiles", "videos", "feedback", "reports", "notices", "trail", "bench", "campus"].map(
    (option) => `/adminControlPanel?option=${option}`,
  );
  const api = endpointDocs.filter((doc) => doc.method === "get").map((doc) => doc.path.replace(/\{[^}]+\}/g, ":id"));
  const fill = (path: string) =>
    path
      .replace(/:token\b/g, "f".repeat(64))
      .replace(/:index\b/g, "0")
      .replace(/:slug\b/g, "gold")
      .replace(/:[A-Za-z]+/g, "0".repeat(24));
  return [...new Set([...paths, ...areas, ...api].map(fill))].sort();
}

describe("every page and answer on an empty campus", () => {
  test("a visitor, a walker and the admin get no 500 anywhere, and sentences where lists would be", async () => {
    const people = await Promise.all(
      (["User", "Admin"] as const).map(async (role) => {
        const user = await createUser({
          username: `empty${role}`,
          email: `empty${role}@example.test`,
          password: "pass1234",
          role,
        });
        return (await createSession(user.id)).id;
      }),
    );
    const paths = everyGetPath();
    expect(paths).toEqual(
      expect.arrayContaining(["/trails", "/api/trails/trails", "/adminControlPanel?option=campus", "/adminAnalytics"]),
    );
    const failures: string[] = [];
    for (const sessionId of [undefined, ...people]) {
      for (const path of paths) {
        const headers: Record<string, string> =
          sessionId && path.startsWith("/api/") ? { Authorization: `Bearer ${sessionId}` } : {};
        const response = await callRoute(path, { headers, sessionId });
        if (response.status >= 500) failures.push(`${path} as ${sessionId ?? "visitor"}: ${response.status}`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
    const admin = people[1];
    const sentences: [string, string[]][] = [
      ["/trails", ["No trails have been mapped yet.", "No benches have been placed yet."]],
      ["/adminControlPanel?option=trail", ["There are no trails yet.", "Add a trail"]],
      ["/adminControlPanel?option=bench", ["No benches have been placed yet. Add the first with Create a bench below"]],
      ["/adminControlPanel/qr-codes", ["There are no benches yet."]],
      ["/adminAnalytics", ["No videos yet."]],
    ];
    for (const [path, expected] of sentences) {
      const text = await pageText(await callRoute(path, { sessionId: admin }));
      for (const sentence of expected) expect(text, path).toContain(sentence);
    }
  });
});
