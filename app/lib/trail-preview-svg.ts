import {
  compareTrailsForDisplay,
  MAP_ZOOM,
  projectToFrame,
  TRAIL_CASING_COLOR,
  TRAIL_LINE_WIDTH,
  trailStrokeColor,
  type LonLat,
} from "~/lib/geo";

type PreviewTrail = { name: string; color: string; coordinates: LonLat[] };
type PreviewBench = { longitude: number; latitude: number };

const MARGIN = 28;
// The legend is rows of two, in letters 28 units tall: the image is shown about half size on a phone
// (358 px wide at 390), where they still read at 13.8 px; 18 in one row came out at 9 px.
const LEGEND_FONT_SIZE = 28;
const LEGEND_ROW = 44;
const LEGEND_PADDING = 14;
// A campus whose trails lie far apart is drawn a zoom level out at a time until it fits this size: shown
// 358 px wide on a phone, the legend's letters then stay at 12 px or more.
const MAX_MAP_SIZE = 800;
const MIN_WIDTH = 600;
// How far (about 200 m) a bench may stand outside the trails' extent and still be drawn.
const NEAR_DEGREES = 0.002;
const BACKGROUND = "#eef2e8";
const GRID = "#dde5d5";
const GRID_STEP = 40;
const BENCH_FILL = "#7c2d12";
const TEXT = "#1c1917";

const round = (value: number) => Math.round(value * 10) / 10;
const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The landing page's map preview: the trails and benches in the frame the trail map opens with (the same
 * projection and zoom as the server-drawn map, or farther out when the trails lie far apart), cropped to
 * them, with a legend. The server draws it once per change of the trails and benches
 * (app/models/trail-preview.server.ts). At least one trail.
 */
export function trailPreviewSvg(trails: PreviewTrail[], allBenches: PreviewBench[]) {
  // A picture of the trails: the benches along them, not one placed a kilometre off, set its frame.
  const path = trails.flatMap((trail) => trail.coordinates);
  const [west, east] = [Math.min(...path.map(([lon]) => lon)), Math.max(...path.map(([lon]) => lon))];
  const [south, north] = [Math.min(...path.map(([, lat]) => lat)), Math.max(...path.map(([, lat]) => lat))];
  const benches = allBenches.filter(
    (bench) =>
      bench.longitude >= west - NEAR_DEGREES &&
      bench.longitude <= east + NEAR_DEGREES &&
      bench.latitude >= south - NEAR_DEGREES &&
      bench.latitude <= north + NEAR_DEGREES,
  );
  const places: LonLat[] = [...path, ...benches.map((bench): LonLat => [bench.longitude, bench.latitude])];
  const extentAt = (zoom: number) => {
    const frame = { width: 1000, height: 1000, zoom };
    const points = places.map((point) => projectToFrame(point, frame));
    const right = Math.max(...points.map(([x]) => x)) + MARGIN;
    const left = Math.min(...points.map(([x]) => x)) - MARGIN;
    // Never narrower than the legend's two columns need: a small campus is centred in a wider frame.
    const width = Math.max(MIN_WIDTH, Math.ceil(right - left));
    const minX = left - (width - (right - left)) / 2;
    const minY = Math.min(...points.map(([, y]) => y)) - MARGIN;
    const mapHeight = Math.ceil(Math.max(...points.map(([, y]) => y)) + MARGIN - minY);
    return { frame, minX, minY, width, mapHeight };
  };
  let extent = extentAt(MAP_ZOOM);
  while ((extent.width > MAX_MAP_SIZE || extent.mapHeight > MAX_MAP_SIZE) && extent.frame.zoom > 1)
    extent = extentAt(extent.frame.zoom - 1);
  const { frame, minX, minY, width, mapHeight } = extent;
  const project = (point: LonLat) => projectToFrame(point, frame);
  const legendRows = Math.ceil((trails.length + 1) / 2);
  const height = mapHeight + legendRows * LEGEND_ROW + 2 * LEGEND_PADDING;
  const at = (point: LonLat) => {
    const [x, y] = project(point);
    return [round(x - minX), round(y - minY)] as const;
  };
  const ordered = [...trails].sort(compareTrailsForDisplay);

  const grid: string[] = [];
  for (let x = GRID_STEP; x < width; x += GRID_STEP) grid.push(`M${x} 0V${mapHeight}`);
  for (let y = GRID_STEP; y < mapHeight; y += GRID_STEP) grid.push(`M0 ${y}H${width}`);

  // Trails share stretches: the first in display order (gold) is drawn last, on top, as on the trail map.
  const lines = ordered.toReversed().map((trail) => {
    const d = trail.coordinates.map((point, index) => `${index === 0 ? "M" : "L"}${at(point).join(" ")}`).join("");
    return [
      `<g data-trail="${escapeXml(trail.color.toLowerCase())}">`,
      `<path d="${d}" stroke="${TRAIL_CASING_COLOR}" stroke-width="${TRAIL_LINE_WIDTH + 3}"/>`,
      `<path d="${d}" stroke="${trailStrokeColor(trail.color)}" stroke-width="${TRAIL_LINE_WIDTH}"/>`,
      `</g>`,
    ].join("");
  });
  const dots = benches.map((bench) => {
    const [x, y] = at([bench.longitude, bench.latitude]);
    return `<circle cx="${x}" cy="${y}" r="6"/>`;
  });
  // Two to a row (Gold and Green, then Gray and Benches for the sample), each column's names aligned.
  const legendColumn = Math.floor((width - 2 * MARGIN) / 2);
  const legendAt = (index: number) => ({
    x: MARGIN + (index % 2) * legendColumn,
    y: mapHeight + LEGEND_PADDING + LEGEND_ROW * Math.floor(index / 2) + LEGEND_ROW / 2,
  });
  const benchesAt = legendAt(ordered.length);
  const legend = [
    ...ordered.map((trail, index) => {
      const { x, y } = legendAt(index);
      return (
        `<path d="M${x} ${y}h40" stroke="${TRAIL_CASING_COLOR}" stroke-width="${TRAIL_LINE_WIDTH + 3}" stroke-linecap="round"/>` +
        `<path d="M${x} ${y}h40" stroke="${trailStrokeColor(trail.color)}" stroke-width="${TRAIL_LINE_WIDTH}" stroke-linecap="round"/>` +
        `<text x="${x + 52}" y="${y}">${escapeXml(trail.name)}</text>`
      );
    }),
    `<circle cx="${benchesAt.x + 20}" cy="${benchesAt.y}" r="9" fill="${BENCH_FILL}" stroke="#fff" stroke-width="2"/>` +
      `<text x="${benchesAt.x + 52}" y="${benchesAt.y}">Benches</text>`,
  ];

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<rect width="${width}" height="${mapHeight}" fill="${BACKGROUND}"/>`,
    `<path d="${grid.join("")}" stroke="${GRID}" stroke-width="1"/>`,
    `<g fill="none" stroke-linejoin="round" stroke-linecap="round">${lines.join("")}</g>`,
    `<g fill="${BENCH_FILL}" stroke="#fff" stroke-width="2">${dots.join("")}</g>`,
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${LEGEND_FONT_SIZE}" font-weight="600" fill="${TEXT}" dominant-baseline="central">${legend.join("")}</g>`,
    `</svg>`,
  ].join("\n");
  return { svg: `${svg}\n`, width, height, benches: benches.length };
}
