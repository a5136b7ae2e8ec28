import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { projectToFrame, MAP_ZOOM, type LonLat } from "~/lib/geo";
import { trailPreviewSvg } from "~/lib/trail-preview-svg";

type Feature = { properties: { name: string; color: string }; geometry: { coordinates: LonLat[] } };
const trails = (JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features as Feature[]).map(
  (feature) => ({
    name: feature.properties.name,
    color: feature.properties.color,
    coordinates: feature.geometry.coordinates,
  }),
);
const benches = JSON.parse(readFileSync("prisma/seed-data/benches.json", "utf8")) as {
  longitude: number;
  latitude: number;
}[];

test("the preview states its size, draws every trail and bench inside it, in the trail map's projection", () => {
  const { svg, width, height } = trailPreviewSvg(trails, benches);
  expect(svg).toContain(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  );
  for (const color of ["gold", "green", "gray"]) expect(svg).toContain(`data-trail="${color}"`);
  for (const name of ["Gold Trail", "Green Trail", "Gray Trail", "Benches"]) expect(svg).toContain(`>${name}</text>`);
  const circles = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="6"\/>/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
  expect(circles).toHaveLength(benches.length);
  for (const [x, y] of circles) {
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(width);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(height);
  }
  // Distances between points are the trail map's at its opening zoom: the preview is a crop, not a distortion.
  const frame = { width: 1000, height: 1000, zoom: MAP_ZOOM };
  const [a, b] = [benches[0], benches[1]].map((bench) => projectToFrame([bench.longitude, bench.latitude], frame));
  expect(circles[1][0] - circles[0][0]).toBeCloseTo(b[0] - a[0], 0);
  expect(circles[1][1] - circles[0][1]).toBeCloseTo(b[1] - a[1], 0);
});

test("trails far apart are drawn farther out until the map fits, every bench still inside it", () => {
  // The sample campus in Georgia and a trail in Portland, Oregon: some 3,500 km apart.
  const portland: LonLat[] = [
    [-122.68, 45.52],
    [-122.67, 45.53],
  ];
  const { svg, width, height } = trailPreviewSvg(
    [...trails, { name: "Riverside Loop", color: "teal", coordinates: portland }],
    benches,
  );
  expect(width).toBeLessThanOrEqual(800);
  expect(height).toBeLessThanOrEqual(800 + 3 * 44 + 28);
  expect(svg).toContain(">Riverside Loop</text>");
  for (const [x, y] of [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="6"\/>/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ])) {
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThanOrEqual(width);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y).toBeLessThanOrEqual(height);
  }
});

test("the legend has a row for every two entries, every trail's name below the map", () => {
  const many = Array.from({ length: 9 }, (_, index) => ({
    name: `Loop ${index + 1}`,
    color: "teal",
    coordinates: trails[0].coordinates.map(([lon, lat]): LonLat => [lon + index * 0.001, lat]),
  }));
  const { svg, height } = trailPreviewSvg(many, benches);
  const mapHeight = Number(/<rect width="\d+" height="(\d+)" fill="#eef2e8"\/>/.exec(svg)![1]);
  // Nine trails and Benches: five rows of two.
  expect(height).toBe(mapHeight + 5 * 44 + 2 * 14);
  const rows = [...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)">([^<]+)<\/text>/g)];
  expect(rows.map((m) => m[2]).sort()).toEqual([...many.map((trail) => trail.name), "Benches"].sort());
  for (const [, y] of rows) {
    expect(Number(y)).toBeGreaterThan(mapHeight);
    expect(Number(y)).toBeLessThan(height);
  }
});

test("a bench far from every trail is left out of the picture, which stays the trails' own", () => {
  const plain = trailPreviewSvg(trails, benches);
  // About 5 km north of the sample campus.
  const far = trailPreviewSvg(trails, [...benches, { longitude: -84.0, latitude: 34.03 }]);
  expect(far.svg).toBe(plain.svg);
  expect(far.benches).toBe(benches.length);
});

test("a small campus is centred in a frame wide enough for the legend's two columns", () => {
  const short: LonLat[] = [
    [-84.0041, 33.9821],
    [-84.0039, 33.9822],
  ];
  const { width, svg } = trailPreviewSvg([{ name: "Short Loop", color: "teal", coordinates: short }], []);
  expect(width).toBe(600);
  const [, x1, x2] = /data-trail="teal"><path d="M([\d.]+) [\d.]+L([\d.]+) [\d.]+"/.exec(svg)!;
  expect(Math.abs((Number(x1) + Number(x2)) / 2 - 300)).toBeLessThan(1);
});
