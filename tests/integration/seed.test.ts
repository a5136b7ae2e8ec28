import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { seedDatabase } from "~/utils/seed.server";

const trails = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")) as {
  features: {
    properties: { name: string; color: string; spring2025_trail_id_inferred: string };
    geometry: { coordinates: [number, number][] };
  }[];
};

async function counts() {
  const [users, videos, trails, points, benches, benchVideos] = await Promise.all([
    prisma.user.count(),
    prisma.video.count(),
    prisma.trail.count(),
    prisma.trailPoint.count(),
    prisma.bench.count(),
    prisma.benchVideo.count(),
  ]);
  return { users, videos, trails, points, benches, benchVideos };
}

describe("seed data", () => {
  let first: Awaited<ReturnType<typeof seedDatabase>>;
  beforeAll(async () => {
    first = await seedDatabase(prisma);
  });

  test("the seed's trail file is the delivered data, byte for byte", () => {
    // The SHA-256 of the trails.geojson as delivered (docs/testing.md, "Test data").
    const delivered = "f195e7ce422488ba107547bc1be8e7e318e28fa4813c37b013f7e48615797e2b";
    expect(createHash("sha256").update(readFileSync("prisma/seed-data/trails.geojson")).digest("hex")).toBe(delivered);
  });

  test("the three trails keep their names, colours, ids and every coordinate in order", async () => {
    for (const feature of trails.features) {
      const trail = await prisma.trail.findUniqueOrThrow({
        where: { id: feature.properties.spring2025_trail_id_inferred },
        select: {
          name: true,
          color: true,
          points: { orderBy: { position: "asc" }, select: { longitude: true, latitude: true } },
        },
      });
      expect(trail.name).toBe(feature.properties.name);
      expect(trail.color).toBe(feature.properties.color);
      expect(trail.points.map((p) => [p.longitude, p.latitude])).toEqual(feature.geometry.coordinates);
    }
    expect(
      (await prisma.trail.findMany({ select: { name: true }, orderBy: { name: "asc" } })).map((t) => t.name),
    ).toEqual(["Gold Trail", "Gray Trail", "Green Trail"]);
  });

  test("videos cover every subCategory, and every legacy link is among them", async () => {
    const videos = await prisma.video.findMany({
      select: { url: true, subCategory: true, title: true, description: true },
    });
    const subCategories = new Set(videos.map((video) => video.subCategory));
    for (const name of [
      "Body Weight Exercise",
      "Walking Techniques",
      "Stretching",
      "Injury Prevention",
      "Nutrition",
      "Hydration",
    ]) {
      expect(subCategories.has(name), name).toBe(true);
    }
    const legacy = JSON.parse(readFileSync("tests/fixtures/legacy-videos.json", "utf8")) as {
      videos: { url: string }[];
    };
    const urls = new Set(videos.map((video) => video.url));
    for (const video of legacy.videos) expect(urls.has(video.url), video.url).toBe(true);
    for (const video of videos) {
      expect(video.title.length).toBeGreaterThan(3);
      expect(video.description.length).toBeGreaterThan(20);
    }
  });

  test("a dozen benches, each on a trail with one or two videos", async () => {
    const benches = await prisma.bench.findMany({
      select: { benchNumber: true, location: true, trailId: true, _count: { select: { videos: true } } },
    });
    expect(benches).toHaveLength(12);
    for (const bench of benches) {
      expect(bench.trailId).not.toBeNull();
      expect(bench.location.length).toBeGreaterThan(5);
      expect(bench._count.videos).toBeGreaterThanOrEqual(1);
      expect(bench._count.videos).toBeLessThanOrEqual(2);
    }
  });

  test("one administrator, with a generated password that works", async () => {
    const admins = await prisma.user.findMany({
      where: { role: "Admin" },
      select: { email: true, passwordHash: true },
    });
    expect(admins).toHaveLength(1);
    expect(first.admin?.generated).toBe(true);
    expect(admins[0].email).toBe(first.admin?.email);
    expect(await verifyPassword(first.admin!.password, admins[0].passwordHash)).toBe(true);
  });

  test("seeding again changes nothing, even after seeded rows were deleted on purpose", async () => {
    const before = await counts();
    const video = await prisma.video.findFirstOrThrow({ select: { id: true } });
    await prisma.video.delete({ where: { id: video.id } });
    const again = await seedDatabase(prisma);
    expect(again.applied).toEqual([]);
    expect(again.admin).toBeUndefined();
    expect(await counts()).toEqual({ ...before, videos: before.videos - 1 });
  });
});
