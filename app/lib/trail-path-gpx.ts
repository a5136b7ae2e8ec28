// A trail's path from a GPX file: a track's trkpt, or a route's rtept. The reader is a small scanner of
// the few elements a path needs, not an XML parser: it never reads a DTD, so no entity is ever defined or
// expanded (a DOCTYPE is refused outright, which also refuses "billion laughs" and external entities).
import type { PlacementArea } from "~/lib/geo";
import { checkedPath, pathFileMessages, refuse, type ParsedPath, type RawPoint } from "~/lib/trail-path-file";

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

export function parseGpx(text: string, area: PlacementArea): ParsedPath {
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
