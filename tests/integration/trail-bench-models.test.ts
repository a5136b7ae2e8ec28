import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { listBenches } from "~/models/bench.server";
import { getTrailWithCoordinates, listTrails, listTrailsWithCoordinates } from "~/models/trail.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";

type Feature = { properties: { name: string; color: string }; geometry: { coordinates: [number, number][] } };
const features: Feature[] = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features;
const seedBenches: {
  benchNumber: number;
  location: string;
  trail: string;
  videos: { title: string; url: string }[];
}[] = JSON.parse(readFileSync("prisma/seed-data/benches.json", "utf8"));

beforeAll(async () => {
  await seedDatabase(prisma);
});

describe("trails", () => {
  test("listTrails gives the three trails in button order without coordinates", async () => {
    const trails = await listTrails();
    expect(trails.map((trail) => [trail.name, trail.color])).toEqual([
      ["Gold Trail", "gold"],
      ["Green Trail", "green"],
      ["Gray Trail", "gray"],
    ]);
    expect(Object.keys(trails[0]).sort()).toEqual(["color", "id", "name", "slug", "version"]);
    expect(trails.map((trail) => trail.slug)).toEqual(["gold", "green", "gray"]);
  });

  test("getTrailWithCoordinates returns the path in stored order, as [longitude, latitude]", async () => {
    for (const trail of await listTrails()) {
      const loaded = await getTrailWithCoordinates(trail.id);
      const feature = features.find((candidate) => candidate.properties.name === trail.name)!;
      expect(loaded?.coordinates).toEqual(feature.geometry.coordinates);
    }
    expect(await getTrailWithCoordinates("000000000000000000000000")).toBeNull();
  });

  test("the path order comes from position, not from insertion order", async () => {
    const trail = await prisma.trail.create({
      data: {
        name: "Test Loop",
        color: "purple",
        points: {
          create: [
            { position: 2, longitude: -84.002, latitude: 33.982 },
            { position: 0, longitude: -84.0, latitude: 33.98 },
            { position: 1, longitude: -84.001, latitude: 33.981 },
          ],
        },
      },
    });
    expect((await getTrailWithCoordinates(trail.id))?.coordinates).toEqual([
      [-84.0, 33.98],
      [-84.001, 33.981],
      [-84.002, 33.982],
    ]);
    const all = await listTrailsWithCoordinates();
    expect(all.map((candidate) => candidate.color)).toEqual(["gold", "green", "gray", "purple"]);
    await prisma.trail.delete({ where: { id: trail.id } });
  });
});

describe("benches", () => {
  test("listBenches gives every bench by number, with its location, trail and videos", async () => {
    const benches = await listBenches();
    const trails = await listTrails();
    const sorted = [...seedBenches].sort((a, b) => a.benchNumber - b.benchNumber);
    expect(benches.map((bench) => bench.benchNumber)).toEqual(sorted.map((bench) => bench.benchNumber));
    for (const [index, bench] of benches.entries()) {
      expect(bench.location).toBe(sorted[index].location);
      expect(trails.find((trail) => trail.id === bench.trailId)?.name).toBe(sorted[index].trail);
      // Seeded videos share one creation time, so they come back by title.
      const expected = [...sorted[index].videos].sort((a, b) => a.title.localeCompare(b.title));
      expect(bench.videos.map(({ title, url }) => ({ title, url }))).toEqual(expected);
    }
  });

  test("bench numbers sort numerically", async () => {
    const created = await prisma.bench.create({
      data: { benchNumber: 100, location: "Test spot", latitude: 33.98, longitude: -84.0 },
    });
    const numbers = (await listBenches()).map((bench) => bench.benchNumber);
    expect(numbers.at(-1)).toBe(100);
    expect(numbers.indexOf(12)).toBeLessThan(numbers.indexOf(100));
    await prisma.bench.delete({ where: { id: created.id } });
  });
});
