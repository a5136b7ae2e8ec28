import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { pathLengthMetres, type LonLat } from "~/lib/geo";
import { bearingDegrees, benchPlaces, compassWord, feetFor, minutesAtPace, trailDirections } from "~/lib/trail-guide";

type Feature = { properties: { name: string }; geometry: { coordinates: LonLat[] } };
const features: Feature[] = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features;
const seedBenches: { benchNumber: number; latitude: number; longitude: number; trail: string }[] = JSON.parse(
  readFileSync("prisma/seed-data/benches.json", "utf8"),
);
const benches = seedBenches.map((bench) => ({
  id: `bench-${bench.benchNumber}`,
  benchNumber: bench.benchNumber,
  latitude: bench.latitude,
  longitude: bench.longitude,
  trailId: bench.trail === "Gold Trail" ? "gold" : null,
}));
const gold = features.find((feature) => feature.properties.name === "Gold Trail")!.geometry.coordinates;

describe("compass words", () => {
  test.each([
    [0, "north"],
    [44, "north-east"],
    [90, "east"],
    [135, "south-east"],
    [181, "south"],
    [225, "south-west"],
    [270, "west"],
    [338, "north"],
    [-90, "west"],
  ])("%s° is %s", (bearing, word) => expect(compassWord(bearing)).toBe(word));

  test("bearings point where the second point lies", () => {
    const origin: LonLat = [-84, 34];
    expect(compassWord(bearingDegrees(origin, [-84, 34.001]))).toBe("north");
    expect(compassWord(bearingDegrees(origin, [-83.999, 34]))).toBe("east");
    expect(compassWord(bearingDegrees(origin, [-84.001, 33.999]))).toBe("south-west");
  });
});

describe("distances and minutes", () => {
  test("3 mph is 20 minutes a mile and a metre is 3.28 ft", () => {
    expect(minutesAtPace(1_609.344)).toBe(20);
    expect(minutesAtPace(10)).toBe(1);
    expect(minutesAtPace(0)).toBe(0);
    expect(feetFor(100)).toBe(328);
  });
});

describe("directions along the Gold Trail", () => {
  const steps = trailDirections(gold, "gold", benches);

  test("one step per bench on the trail, then one to the finish", () => {
    const benchSteps = steps.filter((step) => step.bench);
    expect(benchSteps.length).toBeGreaterThan(0);
    expect(steps.at(-1)!.bench).toBeNull();
    expect(steps.slice(0, -1).every((step) => step.bench)).toBe(true);
  });

  test("the step distances add up to the trail's length within a few metres", () => {
    const total = steps.reduce((sum, step) => sum + step.metres, 0);
    expect(Math.abs(total - pathLengthMetres(gold))).toBeLessThan(3);
  });

  test("each step's minutes are its metres at 3 mph", () => {
    for (const step of steps) expect(step.minutes).toBe(minutesAtPace(step.metres));
  });

  test("a straight trail north is walked north, and moving a point changes the directions", () => {
    const straight: LonLat[] = [
      [-84, 34],
      [-84, 34.002],
    ];
    const [only] = trailDirections(straight, "t", []);
    expect(only.heading).toBe("north");
    expect(Math.round(only.metres)).toBe(Math.round(pathLengthMetres(straight)));
    const [moved] = trailDirections([straight[0], [-83.998, 34]], "t", []);
    expect(moved.heading).toBe("east");
  });
});

describe("a bench's place on its trails", () => {
  test("Bench n of m with its neighbours, the first has none behind it", () => {
    const steps = trailDirections(gold, "gold", benches).filter((step) => step.bench);
    const first = steps[0].bench!;
    const [place] = benchPlaces([{ id: "gold", coordinates: gold }], benches, first.id);
    expect(place.position).toBe(1);
    expect(place.count).toBe(steps.length);
    expect(place.previous).toBeNull();
    if (steps.length > 1) {
      expect(place.next!.bench.id).toBe(steps[1].bench!.id);
      expect(Math.abs(place.next!.metres - steps[1].metres)).toBeLessThan(0.01);
    }
  });

  test("a bench far from every trail belongs to none", () => {
    const far = { id: "far", benchNumber: 99, latitude: 34.5, longitude: -84.5, trailId: null };
    expect(benchPlaces([{ id: "gold", coordinates: gold }], [...benches, far], "far")).toEqual([]);
  });
});
