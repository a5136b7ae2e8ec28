// A start without the sample campus (SAMPLE_DATA=false): only the administrator is made, a later start
// with the default adds nothing, and the public answers stand on an empty campus.
import { beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";

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
    expect([await prisma.trail.count(), await prisma.bench.count(), await prisma.video.count(), await prisma.campus.count()]).toEqual([0, 0, 0, 0]);
  });

  test("the public pages and answers work with no trails, benches or videos", async () => {
    for (const target of ["/", "/about", "/privacy", "/api/notices"]) {
      expect((await callRoute(target)).status, target).toBe(200);
    }
    expect(await (await callRoute("/api/campus")).json()).toMatchObject({ name: "Our campus", timeZone: "America/New_York", center: null });
  });
});

describe("the first place on an empty campus", () => {
  test("a bench 3,000 km from the sample campus is taken; the next one must be near it", async () => {
    const admin = await createUser({ username: "firstplace", email: "firstplace@example.test", password: "pass1234", role: "Admin" });
    const token = (await createSession(admin.id)).id;
    const create = (body: object) =>
      callRoute("/api/bench/bench", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    // Portland, Oregon: about 3,500 km from the sample campus in Georgia.
    expect((await create({ bench_number: 1, location: "Riverside", latitude: 45.52, longitude: -122.68 })).status).toBe(201);
    const far = await create({ bench_number: 2, location: "Back east", latitude: 33.98, longitude: -84.005 });
    expect(far.status).toBe(400);
    expect(await far.json()).toMatchObject({
      message: "This point is 3,506 km from the campus; points must be within 5 km of its trails and benches.",
    });
    expect((await create({ bench_number: 2, location: "Down the path", latitude: 45.53, longitude: -122.69 })).status).toBe(201);
    await prisma.bench.deleteMany();
  });
});
