// Reading a trail's path from an uploaded file: GPX (a track's trkpt, or a route's rtept) or GeoJSON
// (a LineString or MultiLineString, bare or in a Feature or FeatureCollection). The GPX reader is a
// small scanner of the few elements a path needs, not an XML parser: it never reads a DTD, so no entity
// is ever defined or expanded (a DOCTYPE is refused outright, which also refuses "billion laughs" and
// external entities). Each refusal is one sentence that says what is wrong with the file.
import { ANYWHERE, metresOutsideBox, placementRefusal, type LonLat, type PlacementArea } from "~/lib/geo";

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

const refuse = (message: string): ParsedPath => ({ ok: false, message });

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

/**
 * Reads the file's text as GPX or GeoJSON, by what it starts with (the extension only gets it here); every
 * point must lie in `area`, where the campus accepts points (decision 076).
 */
export function parsePathFile(text: string, area: PlacementArea = ANYWHERE): ParsedPath {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("<")) return parseGpx(body, area);
  if (body.startsWith("{")) return parseGeoJson(body, area);
  return refuse(pathFileMessages.unreadable);
}

// ---------------------------------------------------------------------------------------------------
// GPX

const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1);

/** The attributes of an opening tag, or null when its attribute text is not well formed. */
function attributesOf(text: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  const body = text.trimEnd();
  ATTRIBUTE.lastIndex = 0;
  let end = 0;
  for (let match = ATTRIBUTE.exec(body); match; match = ATTRIBUTE.exec(body)) {
    const name = localName(match[1]);
    if (attributes.has(name)) return null;
    attributes.set(name, match[2] ?? match[3]);
    end = ATTRIBUTE.lastIndex;
  }
  return body.slice(end).trim() === "" ? attributes : null;
}

function coordinate(value: string | undefined): unknown {
  const text = value?.trim();
  return text !== undefined && NUMBER.test(text) ? Number(text) : null;
}

type Token =
  | { kind: "open"; name: string; attributes: string; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "skip" };

/**
 * The markup token at `start` (a `<`) and where it ends, or null when it is malformed. Each token's end
 * is found with one forward search, so the scan stays linear however the file is built (a regular
 * expression with a lazy `-->` would rescan the rest of the file for every unclosed comment).
 */
function tokenAt(text: string, start: number): { token: Token; end: number } | null {
  const closer = (marker: string, from: number) => {
    const at = text.indexOf(marker, from);
    return at === -1 ? null : at + marker.length;
  };
  const skip = (end: number | null) => (end === null ? null : { token: { kind: "skip" } as const, end });
  if (text.startsWith("<!--", start)) return skip(closer("-->", start + 4));
  if (text.startsWith("<![CDATA[", start)) return skip(closer("]]>", start + 9));
  if (text.startsWith("<?", start)) return skip(closer("?>", start + 2));
  const end = closer(">", start + 1);
  if (end === null) return null;
  const inside = text.slice(start + 1, end - 1);
  if (inside.includes("<")) return null;
  const closing = /^\/([A-Za-z_][\w.:-]*)\s*$/.exec(inside);
  if (closing) return { token: { kind: "close", name: closing[1] }, end };
  const opening = /^([A-Za-z_][\w.:-]*)([\s\S]*)$/.exec(inside);
  if (!opening) return null;
  const selfClosing = opening[2].endsWith("/");
  return {
    token: {
      kind: "open",
      name: opening[1],
      attributes: selfClosing ? opening[2].slice(0, -1) : opening[2],
      selfClosing,
    },
    end,
  };
}

function parseGpx(text: string, area: PlacementArea): ParsedPath {
  // Where a DTD could be, nothing is read: refused before anything else.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return refuse(pathFileMessages.doctype);
  const open: string[] = [];
  let root: string | null = null;
  let rootClosed = false;
  /** Each track (its segments joined) and each route: the lines the file holds. */
  const lines: RawPoint[][] = [];
  let current: RawPoint[] | null = null;
  let at = text.indexOf("<");
  let last = 0;
  while (at !== -1) {
    // Between tags there is only text; after the root element, only whitespace, comments and instructions.
    if (rootClosed && text.slice(last, at).trim() !== "") return refuse(pathFileMessages.unreadable);
    if (text.startsWith("<!", at) && !text.startsWith("<!--", at) && !text.startsWith("<![CDATA[", at))
      return refuse(pathFileMessages.unreadable);
    const found = tokenAt(text, at);
    if (!found) return refuse(pathFileMessages.unreadable);
    const { token, end } = found;
    last = end;
    at = text.indexOf("<", end);
    if (token.kind === "skip") continue;
    if (token.kind === "close") {
      if (open.pop() !== token.name) return refuse(pathFileMessages.unreadable);
      const name = localName(token.name);
      if (name === "trk" || name === "rte") current = null;
      if (open.length === 0) rootClosed = true;
      continue;
    }
    if (rootClosed) return refuse(pathFileMessages.unreadable);
    const attributes = attributesOf(token.attributes);
    if (!attributes) return refuse(pathFileMessages.unreadable);
    const name = localName(token.name);
    const parent = open.length > 0 ? localName(open[open.length - 1]) : null;
    root ??= name;
    if (open.length === 0 && root !== "gpx") return refuse(pathFileMessages.unreadable);
    if ((name === "trk" || name === "rte") && parent === "gpx") {
      current = [];
      lines.push(current);
    } else if (current && ((name === "trkpt" && parent === "trkseg") || (name === "rtept" && parent === "rte"))) {
      const [lat, lon] = [coordinate(attributes.get("lat")), coordinate(attributes.get("lon"))];
      current.push(lat === null || lon === null ? null : [lon, lat]);
    }
    if (token.selfClosing) {
      if (open.length === 0) rootClosed = true;
    } else {
      open.push(token.name);
    }
  }
  if (root !== "gpx" || !rootClosed || text.slice(last).trim() !== "") return refuse(pathFileMessages.unreadable);
  const tracks = lines.filter((line) => line.length > 0);
  if (tracks.length === 0) return refuse(pathFileMessages.noTrack);
  if (tracks.length > 1) return refuse(pathFileMessages.severalTracks(tracks.length));
  return checkedPath("GPX", tracks[0], area);
}

// ---------------------------------------------------------------------------------------------------
// GeoJSON

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const GEOJSON_TYPES = new Set([
  "Point",
  "MultiPoint",
  "LineString",
  "MultiLineString",
  "Polygon",
  "MultiPolygon",
  "GeometryCollection",
  "Feature",
  "FeatureCollection",
]);

/** RFC 7946 positions are [longitude, latitude(, altitude)]. */
function position(value: Json): RawPoint {
  return Array.isArray(value) && value.length >= 2 && value.length <= 3 ? [value[0], value[1]] : null;
}

/** The lines a GeoJSON object holds (a MultiLineString's parts joined in order), or null when it is no GeoJSON. */
function linesOf(value: Json, depth = 0): RawPoint[][] | null {
  if (!isObject(value) || typeof value.type !== "string" || !GEOJSON_TYPES.has(value.type) || depth > 3) return null;
  switch (value.type) {
    case "LineString":
      return Array.isArray(value.coordinates) ? [value.coordinates.map(position)] : null;
    case "MultiLineString":
      if (!Array.isArray(value.coordinates) || !value.coordinates.every(Array.isArray)) return null;
      return [(value.coordinates as Json[][]).flatMap((part) => part.map(position))];
    case "Feature":
      return value.geometry === null ? [] : linesOf(value.geometry, depth + 1);
    case "FeatureCollection":
    case "GeometryCollection": {
      const members = value.type === "FeatureCollection" ? value.features : value.geometries;
      if (!Array.isArray(members)) return null;
      const lines: RawPoint[][] = [];
      for (const member of members) {
        const found = linesOf(member, depth + 1);
        if (!found) return null;
        lines.push(...found);
      }
      return lines;
    }
    default:
      return [];
  }
}

function parseGeoJson(text: string, area: PlacementArea): ParsedPath {
  let value: Json;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(pathFileMessages.unreadable);
  }
  const lines = linesOf(value);
  if (!lines) return refuse(pathFileMessages.unreadable);
  const found = lines.filter((line) => line.length > 0);
  if (found.length === 0) return refuse(pathFileMessages.noTrack);
  if (found.length > 1) return refuse(pathFileMessages.severalLines(found.length));
  return checkedPath("GeoJSON", found[0], area);
}
