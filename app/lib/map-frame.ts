// How the server-drawn map frames its content and places its markers. It cannot know the screen's
// width, so it plans for the narrowest one (MAP_MIN_WIDTH_PX): whatever fits and stays apart there only
// grows on wider screens, where the drawing scales up.
import {
  boundingBox,
  FRAME_ORIGIN,
  MAP_FRAME_WIDTH_PX,
  MAP_HEIGHT_PX,
  MARKER_HIT_PX,
  projectToFrame,
  type LonLat,
} from "~/lib/geo";

/** The map's inner width on a 320 px screen: the page's 16 px padding and the map's 1 px border each side. */
export const MAP_MIN_WIDTH_PX = 320 - 2 * 16 - 2;
/** Room kept between the drawing and the map's edge on the narrowest map: half a marker, plus a little. */
const EDGE_PX = MARKER_HIT_PX / 2 + 4;

/** Frame units: pixels of the zoom-16 view around the drawing's origin (frameOriginFor). */
export type FramePoint = [x: number, y: number];
export type FrameBox = { x: number; y: number; width: number; height: number };

/** The spacing of the grid of origins, through FRAME_ORIGIN: about 111 km north to south. */
const ORIGIN_GRID_DEGREES = 1;

/**
 * The origin of a drawing's frame units: the point of a 1° grid through FRAME_ORIGIN nearest the middle of
 * what it draws. Any campus's numbers stay small (tens of thousands of units: a browser draws them exactly),
 * wherever it is on Earth, and the sample campus's drawings keep their numbers. Nothing to draw: FRAME_ORIGIN.
 */
export function frameOriginFor(points: Iterable<LonLat>): LonLat {
  const box = boundingBox(points);
  if (!box) return FRAME_ORIGIN;
  const snap = (middle: number, origin: number) =>
    origin + Math.round((middle - origin) / ORIGIN_GRID_DEGREES) * ORIGIN_GRID_DEGREES;
  return [snap((box[0] + box[2]) / 2, FRAME_ORIGIN[0]), snap((box[1] + box[3]) / 2, FRAME_ORIGIN[1])];
}

export function toFrame(point: LonLat, origin: LonLat = FRAME_ORIGIN): FramePoint {
  return projectToFrame(point, { center: origin, width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX });
}

const round = (value: number) => Math.round(value * 10) / 10;

/** An SVG path through the points, in the map frame's units (a tenth of a unit: about 20 cm on campus). */
export function pathData(coordinates: readonly LonLat[], origin: LonLat = FRAME_ORIGIN) {
  return coordinates
    .map((point, index) => {
      const [x, y] = toFrame(point, origin);
      return `${index === 0 ? "M" : "L"}${round(x)} ${round(y)}`;
    })
    .join(" ");
}

/**
 * The viewBox around `points`: at most twice as close as the zoom-16 frame (zoom 17), so the chosen trail
 * fills the map rather than a corner of the campus; larger where the narrowest map needs it to hold every
 * point with EDGE_PX to spare. `minScale` is what one frame unit measures, in CSS pixels, on the narrowest map.
 */
const MAX_MAGNIFICATION = 2;

export function fitFrame(points: readonly FramePoint[]): { box: FrameBox; minScale: number } {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, MAP_FRAME_WIDTH_PX];
  const [minY, maxY] = ys.length ? [Math.min(...ys), Math.max(...ys)] : [0, MAP_HEIGHT_PX];
  const [contentWidth, contentHeight] = [maxX - minX, maxY - minY];
  const scale = Math.min(
    (MAP_MIN_WIDTH_PX - 2 * EDGE_PX) / contentWidth,
    (MAP_HEIGHT_PX - 2 * EDGE_PX) / contentHeight,
    MAP_MIN_WIDTH_PX / MAP_FRAME_WIDTH_PX,
    1,
  );
  const width = Math.max(MAP_FRAME_WIDTH_PX / MAX_MAGNIFICATION, contentWidth + (2 * EDGE_PX) / scale);
  const height = Math.max(MAP_HEIGHT_PX / MAX_MAGNIFICATION, contentHeight + (2 * EDGE_PX) / scale);
  const box = { x: (minX + maxX - width) / 2, y: (minY + maxY - height) / 2, width, height };
  return { box, minScale: Math.min(MAP_MIN_WIDTH_PX / width, MAP_HEIGHT_PX / height) };
}

type MarkerGroup<T> = { members: T[]; at: FramePoint };

/**
 * Merges markers closer than `distance` (frame units), nearest pair first, each group at its members'
 * centroid, until every two groups are at least `distance` apart: so no two touch targets overlap.
 */
export function groupMarkers<T>(
  items: readonly T[],
  position: (item: T) => FramePoint,
  distance: number,
): MarkerGroup<T>[] {
  const groups: MarkerGroup<T>[] = items.map((item) => ({ members: [item], at: position(item) }));
  for (;;) {
    let closest: [number, number] | null = null;
    let closestDistance = distance;
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const apart = Math.hypot(groups[a].at[0] - groups[b].at[0], groups[a].at[1] - groups[b].at[1]);
        if (apart < closestDistance) [closest, closestDistance] = [[a, b], apart];
      }
    }
    if (!closest) return groups;
    const [a, b] = closest;
    const members = [...groups[a].members, ...groups[b].members];
    const points = members.map(position);
    const at: FramePoint = [
      points.reduce((sum, [x]) => sum + x, 0) / points.length,
      points.reduce((sum, [, y]) => sum + y, 0) / points.length,
    ];
    groups.splice(b, 1);
    groups[a] = { members, at };
  }
}

/**
 * What a group marker shows: "×3", a count that cannot be read as a bench number beside Bench 3's own
 * marker (a bare "3" was). Screen readers get the group's bench numbers instead.
 */
export function groupLabel(count: number) {
  return `×${count}`;
}
