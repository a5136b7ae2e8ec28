import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { TrailMapSvg } from "~/components/trail-map-svg";
import type { MapBench, MapTrail } from "~/components/trail-map-types";
import { MAP_FRAME_WIDTH_PX, MAP_HEIGHT_PX, projectToFrame, type LonLat } from "~/lib/geo";
import { fitFrame, groupMarkers, MAP_MIN_WIDTH_PX, type FramePoint } from "~/lib/map-frame";

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

function render(props: { trails?: MapTrail[]; benches?: MapBench[]; showBenches: boolean }) {
  const html = renderToStaticMarkup(
    createElement(TrailMapSvg, {
      trails: props.trails ?? [trail],
      benches: props.benches ?? [bench],
      showBenches: props.showBenches,
      label: "Map of the Gold Trail",
    }),
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

const frame = { width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX };
const viewBoxOf = (svg: SvgMarkup) => {
  const [x, y, width, height] = svg.all("svg")[0].viewBox.split(" ").map(Number);
  return { x, y, width, height };
};

describe("server-rendered trail map", () => {
  test("is an image named by its label, in a 500 px frame, framed around the trail", () => {
    const svg = render({ showBenches: false });
    const [root] = svg.all("svg");
    expect(root.role).toBe("img");
    expect(svg.all("div")[0].style).toContain("height:500px");
    expect(svg.html).toContain("<title");
    expect(svg.html).toContain("Map of the Gold Trail</title>");
    const box = viewBoxOf(svg);
    for (const point of trail.coordinates) {
      const [x, y] = projectToFrame(point, frame);
      expect(x).toBeGreaterThan(box.x);
      expect(x).toBeLessThan(box.x + box.width);
      expect(y).toBeGreaterThan(box.y);
      expect(y).toBeLessThan(box.y + box.height);
    }
    // The drawing box keeps the viewBox's proportions, so markers placed in percentages land on the map.
    expect(svg.all("div")[1].style).toContain(`aspect-ratio:${box.width} / ${box.height}`);
  });

  test("draws the trail in its colour, width 6, through every projected point, its points written once", () => {
    const svg = render({ showBenches: false });
    const [path, ...others] = svg.all("path");
    expect(others).toEqual([]);
    const line = svg.all("use").find((use) => use.stroke === "#ffd700")!;
    expect(line["stroke-width"]).toBe("6");
    expect(line.href).toBe(`#${path.id}`);
    const points = [...path.d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(points).toHaveLength(trail.coordinates.length);
    for (const [index, coordinate] of trail.coordinates.entries()) {
      const [x, y] = projectToFrame(coordinate, { width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX });
      expect(points[index][0]).toBeCloseTo(x, 0);
      expect(points[index][1]).toBeCloseTo(y, 0);
    }
  });

  test("an unnamed colour draws blue", () => {
    const lines = render({ trails: [{ ...trail, color: "magenta" }], showBenches: false }).all("use");
    expect(lines.map((line) => line.stroke)).toContain("#0000ff");
  });

  test("bench markers appear only when asked for: 44 px links to the bench's list entry, where the projection puts them", () => {
    expect(render({ showBenches: false }).all("a")).toEqual([]);
    const svg = render({ showBenches: true });
    const [link] = svg.all("a");
    expect(link.href).toBe("#bench-b1");
    expect(link["aria-label"]).toBe("Bench 7");
    expect(link.style).toContain("width:44px;height:44px");
    const box = viewBoxOf(svg);
    const [x, y] = projectToFrame([bench.longitude, bench.latitude], frame);
    expect(Number(/left:([\d.]+)%/.exec(link.style)![1])).toBeCloseTo(((x - box.x) / box.width) * 100, 0);
    expect(Number(/top:([\d.]+)%/.exec(link.style)![1])).toBeCloseTo(((y - box.y) / box.height) * 100, 0);
    expect(svg.html).toMatch(/data-bench="7"[^]*>7<\/span>/);
  });

  test("benches too close to tell apart share one marker that lists a link to each", () => {
    const near: MapBench = { ...bench, id: "b2", benchNumber: 8, longitude: bench.longitude + 0.0002 };
    const svg = render({ showBenches: true, benches: [near, bench] });
    expect(svg.all("details")[0]["data-bench-group"]).toBe("7,8");
    expect(svg.html).toContain("Benches 7 and 8</span>");
    expect(svg.all("a").map((link) => link.href)).toEqual(["#bench-b1", "#bench-b2"]);
  });
});

describe("framing for the narrowest screen", () => {
  const points: FramePoint[] = [
    [100, 120],
    [900, 300],
  ];

  test("holds every point with half a marker to spare at 320 px, and comes at most twice as close as the zoom-16 frame", () => {
    const { box, minScale } = fitFrame(points);
    expect(minScale).toBeCloseTo(Math.min(MAP_MIN_WIDTH_PX / box.width, MAP_HEIGHT_PX / box.height), 6);
    for (const [x, y] of points) {
      expect((x - box.x) * minScale).toBeGreaterThanOrEqual(22);
      expect((box.x + box.width - x) * minScale).toBeGreaterThanOrEqual(22);
      expect((y - box.y) * minScale).toBeGreaterThanOrEqual(22);
      expect((box.y + box.height - y) * minScale).toBeGreaterThanOrEqual(22);
    }
    const small = fitFrame([[300, 200]]).box;
    expect(small.width).toBe(MAP_FRAME_WIDTH_PX / 2);
    expect(small.height).toBe(MAP_HEIGHT_PX / 2);
  });

  test("groups leave every two markers at least the given distance apart, and keep every item once", () => {
    const items: FramePoint[] = [
      [0, 0],
      [10, 0],
      [30, 0],
      [100, 0],
      [135, 5],
      [400, 400],
    ];
    const groups = groupMarkers(items, (item) => item, 44);
    expect(groups.flatMap((group) => group.members).sort()).toEqual([...items].sort());
    for (const [index, a] of groups.entries()) {
      for (const b of groups.slice(index + 1))
        expect(Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1])).toBeGreaterThanOrEqual(44);
    }
    expect(groups.map((group) => group.members.length).sort()).toEqual([1, 2, 3]);
  });
});
