// What a trail's path read from an uploaded file may be, whatever its format: its limits, the checks of
// its points, and each refusal as one sentence that says what is wrong with the file. The file is read
// by `parsePathFile` (trail-path-read.ts), through the GPX and GeoJSON readers beside it.
import { metresOutsideBox, placementRefusal, type LonLat, type PlacementArea } from "~/lib/geo";

export const MAX_PATH_FILE_BYTES = 1024 * 1024;
export const MAX_PATH_POINTS = 5_000;
export const PATH_FILE_EXTENSIONS = [".gpx", ".geojson", ".json"] as const;

/** "typed": points typed into the Add a trail form rather than uploaded. */
export type PathFormat = "GPX" | "GeoJSON" | "typed";
export type ParsedPath = { ok: true; format: PathFormat; points: LonLat[] } | { ok: false; message: string };

const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

export const pathFileMessages = {
  unreadable: "The file is not a GPX or GeoJSON file we can read.",
  doctype:
    "The file is not a GPX or GeoJSON file we can read: it declares a DOCTYPE or entities, which a GPX file never needs.",
  noTrack: "The file has no track: it needs a GPX track (trk) or route (rte), or a GeoJSON LineString.",
  severalTracks: (tracks: number) => `The file has ${count(tracks)} tracks; upload a file with just one.`,
  severalLines: (lines: number) => `The file has ${count(lines)} lines; upload a file with just one.`,
  tooMany: (points: number) => `The track has ${count(points)} points; at most ${count(MAX_PATH_POINTS)}.`,
  tooFew: (points: number) => `The track has ${plural(points, "point", "points")}; a path needs at least 2.`,
  badPoint: (number: number) => `Point ${count(number)} of the track has no valid latitude and longitude.`,
  offCampus: (number: number, point: LonLat, refusal: string, others: number) =>
    `Point ${count(number)} of the track (latitude ${point[1]}, longitude ${point[0]}): ${refusal.charAt(0).toLowerCase()}${refusal.slice(1, -1)}` +
    `${others > 0 ? `; ${plural(others, "other point is", "other points are")} too far as well` : ""}.`,
} as const;

export const refuse = (message: string): ParsedPath => ({ ok: false, message });

/** Raw positions, each [longitude, latitude] as found (unchecked), or null where one could not be read. */
export type RawPoint = [unknown, unknown] | null;

/** The checks every format shares, in the order a person would fix them: size, then each point. */
export function checkedPath(format: PathFormat, raw: RawPoint[], area: PlacementArea): ParsedPath {
  if (raw.length > MAX_PATH_POINTS) return refuse(pathFileMessages.tooMany(raw.length));
  if (raw.length < 2) return refuse(pathFileMessages.tooFew(raw.length));
  const points: LonLat[] = [];
  for (const [index, pair] of raw.entries()) {
    const [longitude, latitude] = pair ?? [];
    if (
      typeof longitude !== "number" ||
      typeof latitude !== "number" ||
      !Number.isFinite(longitude) ||
      !Number.isFinite(latitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    ) {
      return refuse(pathFileMessages.badPoint(index + 1));
    }
    points.push([longitude, latitude]);
  }
  const { box } = area;
  const outside = box
    ? points.flatMap((point, index) =>
        placementRefusal(area, point) ? [{ index, metres: metresOutsideBox(box, point) }] : [],
      )
    : [];
  if (outside.length > 0) {
    // The farthest point is named: the one that shows how far off the file is.
    const farthest = outside.reduce((far, next) => (next.metres > far.metres ? next : far));
    const point = points[farthest.index];
    return refuse(
      pathFileMessages.offCampus(farthest.index + 1, point, placementRefusal(area, point) ?? "", outside.length - 1),
    );
  }
  return { ok: true, format, points };
}
