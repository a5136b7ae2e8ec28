// Trail downloads: GPX 1.1 (one trkpt per trail point, one wpt per bench) and a GeoJSON
// FeatureCollection (RFC 7946: [longitude, latitude], the trail's LineString and a Point per bench).
import { benchPhrase, type BenchFacts } from "~/lib/facts";
import type { LonLat } from "~/lib/geo";

export type ExportBench = {
  id: string;
  benchNumber: number;
  location: string;
  latitude: number;
  longitude: number;
} & BenchFacts;
type ExportTrail = { name: string; coordinates: readonly LonLat[] };

const escapeXml = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!)
    // Characters XML 1.0 forbids even escaped; the control ranges are the point of this pattern.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");

function waypointDescription(bench: ExportBench) {
  const phrase = benchPhrase(bench);
  return phrase ? `${bench.location}: ${phrase}` : bench.location;
}

export function trailGpx(trail: ExportTrail, benches: readonly ExportBench[]): string {
  const waypoints = benches.map(
    (bench) =>
      `  <wpt lat="${bench.latitude}" lon="${bench.longitude}"><name>${escapeXml(`Bench ${bench.benchNumber}`)}</name><desc>${escapeXml(waypointDescription(bench))}</desc></wpt>`,
  );
  const points = trail.coordinates.map(([lon, lat]) => `      <trkpt lat="${lat}" lon="${lon}"></trkpt>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Walking Trails" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${escapeXml(trail.name)}</name></metadata>`,
    ...waypoints,
    `  <trk><name>${escapeXml(trail.name)}</name>`,
    "    <trkseg>",
    ...points,
    "    </trkseg>",
    "  </trk>",
    "</gpx>",
    "",
  ].join("\n");
}

export function trailGeoJson(trail: ExportTrail, benches: readonly ExportBench[]) {
  return {
    type: "FeatureCollection" as const,
    features: [
      {
        type: "Feature" as const,
        properties: { name: trail.name },
        geometry: { type: "LineString" as const, coordinates: trail.coordinates.map(([lon, lat]) => [lon, lat]) },
      },
      ...benches.map((bench) => ({
        type: "Feature" as const,
        properties: {
          name: `Bench ${bench.benchNumber}`,
          benchNumber: bench.benchNumber,
          location: bench.location,
          backrest: bench.backrest,
          armrests: bench.armrests,
          shade: bench.shade,
          seatHeightCm: bench.seatHeightCm,
          wheelchairSpace: bench.wheelchairSpace,
        },
        geometry: { type: "Point" as const, coordinates: [bench.longitude, bench.latitude] },
      })),
    ],
  };
}
