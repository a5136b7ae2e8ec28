// A path typed into the Add a trail form: one point a line, "latitude, longitude" as a map app copies
// it ("33.9812, -84.0051"), checked by the same rules as an uploaded file's (app/lib/trail-path-file.ts).
import type { PlacementArea } from "~/lib/geo";
import { checkedPath, type ParsedPath, type RawPoint } from "~/lib/trail-path-file";

const PAIR = /^\s*([+-]?\d+(?:\.\d+)?)\s*[,;\s]\s*([+-]?\d+(?:\.\d+)?)\s*$/;

const typedPathMessages = {
  badLine: (line: number) =>
    `Line ${line.toLocaleString("en-US")} is not a latitude and longitude, such as "33.9812, -84.0051".`,
} as const;

/** The typed lines as a path ([longitude, latitude] pairs); blank lines are skipped. */
export function parseTypedPoints(text: string, area: PlacementArea): ParsedPath {
  const raw: RawPoint[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const match = PAIR.exec(line);
    if (!match) return { ok: false, message: typedPathMessages.badLine(index + 1) };
    raw.push([Number(match[2]), Number(match[1])]);
  }
  return checkedPath("typed", raw, area);
}
