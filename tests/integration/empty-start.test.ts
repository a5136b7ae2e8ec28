// A start without the sample campus (SAMPLE_DATA=false): only the administrator is made, a later start
// with the default adds nothing, and the public answers stand on an empty campus.
import { beforeAll, describe, expect, test } from "vitest";
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
