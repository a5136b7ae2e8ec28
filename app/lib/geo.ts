// Pure map and distance maths, shared by the server-rendered SVG map, the OpenLayers island and the
// trail facts. No server-only imports: this module ships to the browser.

/** GeoJSON order, as trails are stored and as OpenLayers wants them: [longitude, latitude]. */
export type LonLat = [longitude: number, latitude: number];
/** Web Mercator (EPSG:3857) metres. */
type MercatorPoint = [x: number, y: number];

/** Mean Earth radius (IUGG), the usual choice for haversine distances. */
const EARTH_MEAN_RADIUS_M = 6_371_008.8;
/** The sphere radius of Web Mercator (EPSG:3857). */
const WEB_MERCATOR_RADIUS_M = 6_378_137;
export const METRES_PER_MILE = 1_609.344;

/** A typical brisk-but-comfortable walking pace: 3 mph, i.e. 20 minutes per mile. */
export const WALKING_PACE_MPH = 3;
/** WALKING_PACE_MPH in metres per second (3 × 1,609.344 m / 3,600 s = 1.34112 m/s). */
export const WALKING_SPEED_MPS = (WALKING_PACE_MPH * METRES_PER_MILE) / 3_600;
/**
 * The one stride every step estimate assumes: about 2,000 steps per mile, a stride of 0.805 m
 * (2 ft 7.7 in), an average adult's walking stride.
 */
export const STEPS_PER_MILE = 2_000;
const STRIDE_METRES = METRES_PER_MILE / STEPS_PER_MILE;

/** Estimated steps for a distance, at STRIDE_METRES. */
export function stepsFor(metres: number): number {
  return metres / STRIDE_METRES;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineMetres([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a polyline in metres, following its points in order. */
export function pathLengthMetres(coordinates: readonly LonLat[]): number {
  let total = 0;
  for (let index = 1; index < coordinates.length; index++) {
    total += haversineMetres(coordinates[index - 1], coordinates[index]);
  }
  return total;
}

type TrailFacts = {
  metres: number;
  miles: number;
  kilometres: number;
  /** Minutes at WALKING_PACE_MPH. */
  walkingMinutes: number;
  /** At STEPS_PER_MILE. */
  steps: number;
};

export function trailFacts(coordinates: readonly LonLat[]): TrailFacts {
  const metres = pathLengthMetres(coordinates);
  const miles = metres / METRES_PER_MILE;
  return {
    metres,
    miles,
    kilometres: metres / 1000,
    walkingMinutes: (miles / WALKING_PACE_MPH) * 60,
    steps: miles * STEPS_PER_MILE,
  };
}

/** "about 25 min" / "about 1 h 5 min", rounded to whole minutes. */
export function formatWalkingTime(minutes: number): string {
  const rounded = Math.max(1, Math.round(minutes));
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Steps rounded to the nearest hundred: the estimate is no more precise than that. */
export function roundSteps(steps: number): number {
  return Math.round(steps / 100) * 100;
}

/** EPSG:4326 degrees to EPSG:3857 metres, the projection OpenLayers uses by default. */
export function toWebMercator([longitude, latitude]: LonLat): MercatorPoint {
  const x = WEB_MERCATOR_RADIUS_M * toRadians(longitude);
  const y = WEB_MERCATOR_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + toRadians(latitude) / 2));
  return [x, y];
}

/** The zoom level (fractional) at which one pixel covers `resolution` metres: resolutionForZoom's inverse. */
export function zoomForResolution(resolution: number): number {
  return Math.log2(resolutionForZoom(0) / resolution);
}

/** Metres per pixel at a zoom level of the standard 256-pixel Web Mercator tile grid (OpenLayers' default). */
export function resolutionForZoom(zoom: number): number {
  return (2 * Math.PI * WEB_MERCATOR_RADIUS_M) / 256 / 2 ** zoom;
}

// Map constants: where the maps open, how far they zoom, how big they are.
/**
 * The grid the server-drawn map's frame origins lie on (`frameOriginFor` in app/lib/map-frame.ts), and the
 * origin itself for the sample campus: each drawing's origin is the grid point nearest it, so a campus
 * anywhere on Earth has small numbers.
 */
export const FRAME_ORIGIN: LonLat = [-84.0048, 33.9815];
export const MAP_ZOOM = 16;
/** The least zoom, unless the trail needs more room to fit on load (a phone): then as far as that needs. */
export const MAP_MIN_ZOOM = 16;
export const MAP_MAX_ZOOM = 18;
export const MAP_HEIGHT_PX = 500;
/** Width of the server-rendered frame: the trails span about 670 px at zoom 16. */
export const MAP_FRAME_WIDTH_PX = 720;
export const TRAIL_LINE_WIDTH = 6;
/** How far the interactive map pans beyond what it shows: about 450 m on each side. */
const MAP_PAN_MARGIN_DEGREES = 0.005;

/**
 * Where the interactive map opens and how far it pans, from what it shows (decision 076): the campus
 * settings' centre when set, else the middle of every trail point and bench; their box (with the centre)
 * with MAP_PAN_MARGIN_DEGREES around. Nothing to show: the whole world, from its middle.
 */
export function mapViewOf(
  points: Iterable<LonLat>,
  campusCenter: LonLat | null = null,
): { center: LonLat; extent: LonLatBox } {
  const box = boundingBox(campusCenter ? [...points, campusCenter] : points);
  if (!box) return { center: [0, 0], extent: [-180, -85, 180, 85] };
  const m = MAP_PAN_MARGIN_DEGREES;
  return {
    center: campusCenter ?? [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2],
    extent: [box[0] - m, box[1] - m, box[2] + m, box[3] + m],
  };
}

/** Dark edge under every trail line so that even gold keeps 3:1 contrast against the map (WCAG 1.4.11). */
export const TRAIL_CASING_COLOR = "#1c1917";
export const BENCH_MARKER_FILL = "#7c2d12";
export const BENCH_MARKER_STROKE = "#ffffff";
export const BENCH_MARKER_RADIUS = 9;
/**
 * Notices on the maps (docs/features.md), told apart by shape as well as colour: a closed bench is a dark
 * square, a bench with a caution an amber circle with dark text; a closed trail's line is dashed.
 */
export const CLOSED_MARKER_FILL = "#1c1917";
export const CAUTION_MARKER_FILL = "#facc15";
export const CAUTION_MARKER_TEXT = "#1c1917";
export const CLOSED_TRAIL_DASH = [10, 8] as const;
/** A group of benches too close to tell apart: drawn larger, with the count in place of a number. */
export const BENCH_GROUP_RADIUS = 12;
/** Every marker's touch target, in CSS pixels, whatever its drawn size (WCAG 2.5.5's 44 px). */
export const MARKER_HIT_PX = 44;
/** Shown where tiles are missing (no network), so the vector layers sit on a plain background. */
export const MAP_BACKGROUND = "#e7e5e4";

/** The order of the trail buttons: the three named trails first, then any others by name. */
const TRAIL_ORDER = ["gold", "green", "gray"] as const;
export const DEFAULT_TRAIL_COLOR = "green";

/** Gold, green and gray draw in their own colour, a trail an admin added in its palette colour. */
export { trailStrokeColor } from "~/lib/trail-colors";

export function compareTrailsForDisplay(a: { color: string; name: string }, b: { color: string; name: string }) {
  const rank = (color: string) => {
    const index = (TRAIL_ORDER as readonly string[]).indexOf(color.toLowerCase());
    return index === -1 ? TRAIL_ORDER.length : index;
  };
  return rank(a.color) - rank(b.color) || a.name.localeCompare(b.name);
}

/**
 * Pixel position of a point in a view centred on `center` at `zoom`, `width` x `height` pixels: the
 * frame OpenLayers shows on first render, and the frame of the server-rendered SVG.
 */
export function projectToFrame(
  point: LonLat,
  frame: { center?: LonLat; zoom?: number; width: number; height: number },
): [x: number, y: number] {
  const [cx, cy] = toWebMercator(frame.center ?? FRAME_ORIGIN);
  const [x, y] = toWebMercator(point);
  const resolution = resolutionForZoom(frame.zoom ?? MAP_ZOOM);
  return [(x - cx) / resolution + frame.width / 2, (cy - y) / resolution + frame.height / 2];
}

/** [minLongitude, minLatitude, maxLongitude, maxLatitude], as OpenLayers' extents. */
export type LonLatBox = [minLongitude: number, minLatitude: number, maxLongitude: number, maxLatitude: number];

/** The smallest box holding every point; null without points. */
export function boundingBox(points: Iterable<LonLat>): LonLatBox | null {
  let box: LonLatBox | null = null;
  for (const [longitude, latitude] of points) {
    box = box
      ? [
          Math.min(box[0], longitude),
          Math.min(box[1], latitude),
          Math.max(box[2], longitude),
          Math.max(box[3], latitude),
        ]
      : [longitude, latitude, longitude, latitude];
  }
  return box;
}

/**
 * Where an admin may put a trail point or a bench (decision 076): within `marginMetres` of the box around
 * the campus's trails, benches and centre, so a slip of a digit is refused but a new trail beside the
 * others is not. `box` null: an empty campus, which takes its first point anywhere.
 */
export type PlacementArea = { box: LonLatBox | null; marginMetres: number; hasCenter: boolean };
export const PLACEMENT_MARGIN_METRES = 5_000;
export const ANYWHERE: PlacementArea = { box: null, marginMetres: PLACEMENT_MARGIN_METRES, hasCenter: false };

/** Metres from the point to the nearest point of the box (0 inside): near enough on a campus' scale. */
export function metresOutsideBox(box: LonLatBox, [longitude, latitude]: LonLat): number {
  const nearest: LonLat = [Math.min(Math.max(longitude, box[0]), box[2]), Math.min(Math.max(latitude, box[1]), box[3])];
  return haversineMetres([longitude, latitude], nearest);
}

const kilometres = (metres: number) =>
  `${(metres / 1000).toLocaleString("en-US", { maximumFractionDigits: metres < 10_000 ? 1 : 0 })} km`;

/** Why `point` may not be placed in `area` ("This point is 3,012 km from the campus; …"), or null when it may. */
export function placementRefusal(area: PlacementArea, point: LonLat): string | null {
  if (!area.box) return null;
  const outside = metresOutsideBox(area.box, point);
  if (outside <= area.marginMetres) return null;
  const of = area.hasCenter ? "its centre, trails and benches" : "its trails and benches";
  return `This point is ${kilometres(outside)} from the campus; points must be within ${kilometres(area.marginMetres)} of ${of}.`;
}

/** Whether a pair is a place on Earth: latitude -90 to 90, longitude -180 to 180. */
export function isOnEarth([longitude, latitude]: LonLat): boolean {
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}
