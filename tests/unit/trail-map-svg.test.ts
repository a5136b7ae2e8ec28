import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { TrailMapSvg } from "~/components/trail-map-svg";
import type { MapBench, MapTrail } from "~/components/trail-map-types";
import { MAP_FRAME_WIDTH_PX, MAP_HEIGHT_PX, projectToFrame, type LonLat } from "~/lib/geo";

type Feature = { properties: { name: string; color: string }; geometry: { coordinates: LonLat[] } };
const gold = (JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features as Feature[]).find(
  (feature) => feature.properties.color === "gold",
)!;
const trail: MapTrail = { id: "t1", name: "Gold Trail", color: "gold", coordinates: gold.geometry.coordinates };
const bench: MapBench = {
  id: "b1",
  benchNumber: 7,
  location: "By the pond",
  latitude: 33.98,
  longitude: -84.005,
  videos: [],
};

function render(props: { trails?: MapTrail[]; showBenches: boolean }) {
  const html = renderToStaticMarkup(
    createElement(TrailMapSvg, { trails: props.trails ?? [trail], benches: [bench], showBenches: props.showBenches, label: "Map of the Gold Trail" }),
  );
  return new SvgMarkup(html);
}

/** Just enough attribute reading for a flat SVG string, without a DOM library. */
class SvgMarkup {
  constructor(readonly html: string) {}
  all(tag: string) {
    return [...this.html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((match) =>
      Object.fromEntries([...match[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map((attr) => [attr[1], attr[2]])),
    );
  }
}

describe("server-rendered trail map", () => {
  test("is an image named by its label, 500 px high, in the zoom-16 frame", () => {
    const svg = render({ showBenches: false });
    const [root] = svg.all("svg");
    expect(root.role).toBe("img");
    expect(root.viewBox).toBe(`0 0 ${MAP_FRAME_WIDTH_PX} ${MAP_HEIGHT_PX}`);
    expect(root.style).toContain("height:500px");
    expect(svg.html).toContain("<title");
    expect(svg.html).toContain("Map of the Gold Trail</title>");
  });

  test("draws the trail in its colour, width 6, through every projected point", () => {
    const paths = render({ showBenches: false }).all("path");
    const line = paths.find((path) => path.stroke === "#ffd700")!;
    expect(line["stroke-width"]).toBe("6");
    const points = [...line.d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
    expect(points).toHaveLength(trail.coordinates.length);
    for (const [index, coordinate] of trail.coordinates.entries()) {
      const [x, y] = projectToFrame(coordinate, { width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX });
      expect(points[index][0]).toBeCloseTo(x, 0);
      expect(points[index][1]).toBeCloseTo(y, 0);
    }
  });

  test("an unnamed colour draws blue", () => {
    const paths = render({ trails: [{ ...trail, color: "purple" }], showBenches: false }).all("path");
    expect(paths.map((path) => path.stroke)).toContain("#0000ff");
  });

  test("bench markers appear only when asked for, at the bench's projected position", () => {
    expect(render({ showBenches: false }).all("circle")).toEqual([]);
    const svg = render({ showBenches: true });
    const [circle] = svg.all("circle");
    const [x, y] = projectToFrame([bench.longitude, bench.latitude], { width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX });
    expect(Number(circle.cx)).toBeCloseTo(x, 0);
    expect(Number(circle.cy)).toBeCloseTo(y, 0);
    expect(svg.html).toMatch(/data-bench="7"[^]*>7<\/text>/);
  });
});
