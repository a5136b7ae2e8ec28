// A trail's path from a GeoJSON file: a LineString or MultiLineString, bare or in a Feature or
// FeatureCollection.
import type { PlacementArea } from "~/lib/geo";
import { checkedPath, pathFileMessages, refuse, type ParsedPath, type RawPoint } from "~/lib/trail-path-file";

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

export function parseGeoJson(text: string, area: PlacementArea): ParsedPath {
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
