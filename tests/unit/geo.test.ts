import { readFileSync } from "node:fs";
import { fromLonLat } from "ol/proj";
import { describe, expect, test } from "vitest";
import {
  compareTrailsForDisplay,
  formatWalkingTime,
  haversineMetres,
  FRAME_ORIGIN,
  mapViewOf,
  MAP_FRAME_WIDTH_PX,
  MAP_HEIGHT_PX,
  MAP_ZOOM,
  pathLengthMetres,
  projectToFrame,
  resolutionForZoom,
  roundSteps,
  trailFacts,
  trailStrokeColor,
  toWebMercator,
  type LonLat,
} from "~/lib/geo";

type Feature = { properties: { name: string; color: string }; geometry: { coordinates: LonLat[] } };
const trails: Feature[] = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features;
const benches: { latitude: number; longitude: number }[] = JSON.parse(
  readFileSync("prisma/seed-data/benches.json", "utf8"),
);
const trail = (color: string) => trails.find((feature) => feature.properties.color === color)!.geometry.coordinates;
const everyPoint: LonLat[] = [
  ...trails.flatMap((feature) => feature.geometry.coordinates),
  ...benches.map((bench): LonLat => [bench.longitude, bench.latitude]),
];

describe("haversine distance", () => {
  test("one degree of latitude is about 111.2 km", () => {
    expect(haversineMetres([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
  });

  test("a known city pair: Paris to London is about 343.5 km", () => {
    expect(haversineMetres([2.3522, 48.8566], [-0.1278, 51.5074]) / 1000).toBeCloseTo(343.5, 0);
  });

  test("is symmetric and zero for the same point", () => {
    const [a, b] = trail("gold");
    expect(haversineMetres(a, b)).toBeCloseTo(haversineMetres(b, a), 9);
    expect(haversineMetres(a, a)).toBe(0);
  });

  test("an empty or one-point path has no length", () => {
    expect(pathLengthMetres([])).toBe(0);
    expect(pathLengthMetres([FRAME_ORIGIN])).toBe(0);
  });
});

describe("trail facts from the real trail data", () => {
  test.each([
    ["gold", 1.2],
    ["gray", 1.5],
    ["green", 3.05],
  ])("the %s trail is about %s miles", (color, miles) => {
    const facts = trailFacts(trail(color));
    expect(facts.miles).toBeGreaterThan(miles - 0.03);
    expect(facts.miles).toBeLessThan(miles + 0.03);
    expect(facts.kilometres).toBeCloseTo(facts.miles * 1.609344, 9);
  });

  test("walking time at 3 mph (20 minutes a mile) and about 2,000 steps a mile", () => {
    const green = trailFacts(trail("green"));
    expect(green.walkingMinutes).toBeCloseTo(green.miles * 20, 9);
    expect(Math.round(green.walkingMinutes)).toBe(61);
    expect(roundSteps(green.steps)).toBe(6100);
    expect(roundSteps(trailFacts(trail("gold")).steps)).toBe(2400);
  });

  test("walking times read naturally", () => {
    expect(formatWalkingTime(24.07)).toBe("24 min");
    expect(formatWalkingTime(60.9)).toBe("1 h 1 min");
    expect(formatWalkingTime(120)).toBe("2 h");
    expect(formatWalkingTime(0)).toBe("1 min");
  });
});

describe("Web Mercator (EPSG:3857)", () => {
  test("matches the standard values at the edges of the projection", () => {
    expect(toWebMercator([180, 0])[0]).toBeCloseTo(20_037_508.342789244, 6);
    expect(toWebMercator([0, 85.0511287798066])[1]).toBeCloseTo(20_037_508.342789244, 0);
    expect(toWebMercator([0, 0])[1]).toBeCloseTo(0, 6);
    expect(resolutionForZoom(0)).toBeCloseTo(156_543.03392804097, 8);
    expect(resolutionForZoom(16)).toBeCloseTo(2.388657133911758, 12);
  });

  test("agrees with OpenLayers' own projection for every trail point and bench", () => {
    for (const point of everyPoint) {
      const [x, y] = toWebMercator(point);
      const [olX, olY] = fromLonLat(point);
      expect(x).toBeCloseTo(olX, 4);
      expect(y).toBeCloseTo(olY, 4);
    }
  });

  test("pixel distances in the zoom-16 frame agree with ground distances (scaled by 1/cos(latitude))", () => {
    const coordinates = trail("gray");
    const frame = { width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX };
    for (let index = 1; index < coordinates.length; index++) {
      const [x1, y1] = projectToFrame(coordinates[index - 1], frame);
      const [x2, y2] = projectToFrame(coordinates[index], frame);
      const pixels = Math.hypot(x2 - x1, y2 - y1);
      const midLatitude = ((coordinates[index - 1][1] + coordinates[index][1]) / 2) * (Math.PI / 180);
      const groundPixels =
        haversineMetres(coordinates[index - 1], coordinates[index]) /
        Math.cos(midLatitude) /
        resolutionForZoom(MAP_ZOOM);
      expect(Math.abs(pixels - groundPixels)).toBeLessThan(Math.max(0.01 * groundPixels, 0.05));
    }
  });
});

describe("map constants", () => {
  test("the sample campus's map opens on the middle of its trails and benches, about 33.98, -84.005", () => {
    const { center } = mapViewOf(everyPoint);
    expect(Math.abs(center[1] - 33.98)).toBeLessThan(0.002);
    expect(Math.abs(center[0] - -84.005)).toBeLessThan(0.002);
  });

  test("every trail point and bench fits the 500 px frame at zoom 16 around the centre", () => {
    const { center } = mapViewOf(everyPoint);
    for (const point of everyPoint) {
      const [x, y] = projectToFrame(point, { center, width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX });
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(MAP_FRAME_WIDTH_PX);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(MAP_HEIGHT_PX);
    }
  });

  test("the panning box holds the centre and every trail point and bench with a margin", () => {
    const { center, extent } = mapViewOf(everyPoint);
    const [minLon, minLat, maxLon, maxLat] = extent;
    for (const [lon, lat] of [...everyPoint, center]) {
      expect(lon).toBeGreaterThan(minLon + 0.003);
      expect(lon).toBeLessThan(maxLon - 0.003);
      expect(lat).toBeGreaterThan(minLat + 0.003);
      expect(lat).toBeLessThan(maxLat - 0.003);
    }
  });

  test("a campus 3,000 km away opens on its own trail; nothing to show opens on the world", () => {
    const oregon: LonLat[] = [
      [-122.68, 45.52],
      [-122.67, 45.53],
    ];
    const { center, extent } = mapViewOf(oregon);
    expect(center.map((value) => value.toFixed(6))).toEqual(["-122.675000", "45.525000"]);
    expect(extent.map((value) => value.toFixed(6))).toEqual(["-122.685000", "45.515000", "-122.665000", "45.535000"]);
    expect(mapViewOf([]).center).toEqual([0, 0]);
    // The settings' centre, when set, is where it opens, and the panning box reaches it.
    const withCenter = mapViewOf(oregon, [-122.7, 45.5]);
    expect(withCenter.center).toEqual([-122.7, 45.5]);
    expect(withCenter.extent.map((value) => value.toFixed(6))).toEqual([
      "-122.705000",
      "45.495000",
      "-122.665000",
      "45.535000",
    ]);
  });

  test("gold, green and gray draw in their colours, anything else blue; buttons in that order", () => {
    expect(trailStrokeColor("gold")).toBe("#ffd700");
    expect(trailStrokeColor("Green")).toBe("#008000");
    expect(trailStrokeColor("gray")).toBe("#808080");
    expect(trailStrokeColor("magenta")).toBe("#0000ff");
    expect(trailStrokeColor("teal")).toBe("#0f766e");
    const sorted = trails.map((feature) => feature.properties).sort(compareTrailsForDisplay);
    expect(sorted.map((properties) => properties.color)).toEqual(["gold", "green", "gray"]);
  });
});
