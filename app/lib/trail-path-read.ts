import { ANYWHERE, type PlacementArea } from "~/lib/geo";
import { pathFileMessages, refuse, type ParsedPath } from "~/lib/trail-path-file";
import { parseGeoJson } from "~/lib/trail-path-geojson";
import { parseGpx } from "~/lib/trail-path-gpx";

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
