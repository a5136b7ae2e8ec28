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

test("the committed landing-page preview is what the seed trails and benches draw (run scripts/trail-preview.mjs after changing them)", () => {
  const { svg } = trailPreviewSvg(trails, benches);
  expect(readFileSync("app/assets/trail-preview.svg", "utf8")).toBe(svg);
});

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
