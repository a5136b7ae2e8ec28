import { readFileSync } from "node:fs";
import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type LonLat, type PlacementArea } from "~/lib/geo";
import { trailGeoJson, trailGpx, type ExportBench } from "~/lib/trail-export";
import { MAX_PATH_POINTS, pathFileMessages } from "~/lib/trail-path-file";
import { parsePathFile as parseAnywhere } from "~/lib/trail-path-read";

// The sample campus: every trail point and bench lies in this box; points are taken within 5 km of it.
const sampleBox = [-84.012, 33.9776, -83.9976, 33.9855] as const;
const sampleArea: PlacementArea = { box: [...sampleBox], marginMetres: 5_000, hasCenter: false };
const parsePathFile = (text: string) => parseAnywhere(text, sampleArea);

type Feature = { properties: { name: string }; geometry: { coordinates: LonLat[] } };
const features: Feature[] = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features;
const gold = features.find((feature) => feature.properties.name === "Gold Trail")!.geometry.coordinates;
const bench: ExportBench = {
  id: "b1",
  benchNumber: 1,
  location: `Beside the "oak" & <the> lawn`,
  latitude: 33.98,
  longitude: -84.005,
  backrest: true,
  armrests: null,
  shade: null,
  seatHeightCm: null,
  wheelchairSpace: null,
};

const gpx = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;
const trkpts = (points: readonly LonLat[]) =>
  points.map(([lon, lat]) => `<trkpt lat="${lat}" lon="${lon}"><ele>300</ele></trkpt>`).join("");
const refusal = (text: string) => {
  const parsed = parsePathFile(text);
  return parsed.ok ? null : parsed.message;
};

/** Points on campus, written with up to 7 decimals as a GPS device would. */
const campusPoint = fc
  .tuple(
    fc.integer({ min: Math.ceil(sampleBox[0] * 1e7), max: Math.floor(sampleBox[2] * 1e7) }),
    fc.integer({ min: Math.ceil(sampleBox[1] * 1e7), max: Math.floor(sampleBox[3] * 1e7) }),
  )
  .map(([lon, lat]): LonLat => [lon / 1e7, lat / 1e7]);
const campusTrack = fc.array(campusPoint, { minLength: 2, maxLength: 60 });

describe("our own exports round-trip as uploads", () => {
  test("a trail's GPX download (with bench waypoints and escaped names) reads back as the same points", () => {
    expect(parsePathFile(trailGpx({ name: "Gold & <Trail>", coordinates: gold }, [bench]))).toEqual({
      ok: true,
      format: "GPX",
      points: gold,
    });
  });

  test("a trail's GeoJSON download (a FeatureCollection with bench points) reads back as the same points", () => {
    const text = JSON.stringify(trailGeoJson({ name: "Gold Trail", coordinates: gold }, [bench]));
    expect(parsePathFile(text)).toEqual({ ok: true, format: "GeoJSON", points: gold });
  });

  test("any track on campus survives both exports unchanged", () => {
    fc.assert(
      fc.property(campusTrack, (points) => {
        expect(parsePathFile(trailGpx({ name: "T", coordinates: points }, []))).toEqual({
          ok: true,
          format: "GPX",
          points,
        });
        expect(parsePathFile(JSON.stringify(trailGeoJson({ name: "T", coordinates: points }, [])))).toEqual({
          ok: true,
          format: "GeoJSON",
          points,
        });
      }),
    );
  });
});

describe("GPX", () => {
  const points: LonLat[] = [
    [-84.005, 33.98],
    [-84.006, 33.981],
    [-84.007, 33.982],
  ];

  test("a track's segments are joined in order; waypoints, names, comments and CDATA are ignored", () => {
    const text = gpx(
      `<!-- exported --><wpt lat="1" lon="2"><name>Not a point</name></wpt><trk><name><![CDATA[Loop <one>]]></name>` +
        `<trkseg>${trkpts(points.slice(0, 2))}</trkseg><trkseg>${trkpts(points.slice(2))}</trkseg></trk>`,
    );
    expect(parsePathFile(text)).toEqual({ ok: true, format: "GPX", points });
  });

  test("a route (rte/rtept), prefixed names, single quotes and self-closing points are read", () => {
    const text = `\uFEFF<g:gpx xmlns:g="http://www.topografix.com/GPX/1/0"><g:rte>${points.map(([lon, lat]) => `<g:rtept lon='${lon}' lat='${lat}'/>`).join("")}</g:rte></g:gpx>`;
    expect(parsePathFile(text)).toEqual({ ok: true, format: "GPX", points });
  });

  test("several tracks are refused with their number", () => {
    expect(
      refusal(
        gpx(`<trk><trkseg>${trkpts(points)}</trkseg></trk><trk><trkseg>${trkpts(points)}</trkseg></trk><rte></rte>`),
      ),
    ).toBe("The file has 2 tracks; upload a file with just one.");
  });

  test("a file with only waypoints, or empty tracks, has no track", () => {
    expect(refusal(gpx(`<wpt lat="33.98" lon="-84.005"/><trk><trkseg></trkseg></trk>`))).toBe(pathFileMessages.noTrack);
  });

  test("a DOCTYPE, entities and billion laughs are refused without reading them", () => {
    const laughs =
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">` +
      Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`).join("") +
      `]><gpx><trk><name>&lol9;</name><trkseg>${trkpts(points)}</trkseg></trk></gpx>`;
    expect(refusal(laughs)).toBe(pathFileMessages.doctype);
    const xxe = `<?xml version="1.0"?><!doctype gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><trk><name>&xxe;</name><trkseg>${trkpts(points)}</trkseg></trk></gpx>`;
    expect(refusal(xxe)).toBe(pathFileMessages.doctype);
    // An undeclared entity is text we never read, not something to expand.
    expect(parsePathFile(gpx(`<trk><name>&xxe;</name><trkseg>${trkpts(points)}</trkseg></trk>`))).toMatchObject({
      ok: true,
      points,
    });
  });

  test.each([
    ["no root", "<?xml version='1.0'?>"],
    ["another document", `<kml><trk><trkseg>${trkpts(points)}</trkseg></trk></kml>`],
    ["an unclosed element", `<gpx><trk><trkseg>${trkpts(points)}</trkseg></gpx>`],
    ["crossed elements", `<gpx><trk><trkseg></trk></trkseg></gpx>`],
    ["text after the document", `${gpx(`<trk><trkseg>${trkpts(points)}</trkseg></trk>`)} trailing`],
    ["a broken attribute", `<gpx><trk><trkseg><trkpt lat="33.98 lon="-84"/></trkseg></trk></gpx>`],
    ["an unclosed comment", `<gpx><!-- <trk>`],
    ["plain text", "lat,lon\n33.98,-84.005\n"],
    ["HTML", "<!doctype html><html><body>hello</body></html>"],
  ])("%s is not a file we can read", (_, text) => {
    expect(refusal(text)).toMatch(/^The file is not a GPX or GeoJSON file we can read/);
  });

  test("points without a usable latitude and longitude are named", () => {
    expect(refusal(gpx(`<trk><trkseg>${trkpts(points)}<trkpt lat="north" lon="-84.005"/></trkseg></trk>`))).toBe(
      pathFileMessages.badPoint(4),
    );
    expect(refusal(gpx(`<trk><trkseg>${trkpts(points)}<trkpt lat="33.98"/></trkseg></trk>`))).toBe(
      pathFileMessages.badPoint(4),
    );
    expect(refusal(gpx(`<trk><trkseg>${trkpts([[-84.005, 95]])}${trkpts(points)}</trkseg></trk>`))).toBe(
      "Point 1 of the track has no valid latitude and longitude.",
    );
  });

  test("a hostile file of unclosed comments is read in linear time", () => {
    const text = `<gpx>${"<!--".repeat(250_000)}`;
    const started = performance.now();
    expect(refusal(text)).toBe(pathFileMessages.unreadable);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("GeoJSON", () => {
  const line: LonLat[] = [[-84.005, 33.98], [-84.006, 33.981, 310] as unknown as LonLat, [-84.007, 33.982]];
  const plain: LonLat[] = line.map(([lon, lat]) => [lon, lat]);

  test("a bare LineString, a Feature, and a MultiLineString (parts joined) are read in [longitude, latitude] order", () => {
    expect(parsePathFile(JSON.stringify({ type: "LineString", coordinates: line }))).toEqual({
      ok: true,
      format: "GeoJSON",
      points: plain,
    });
    expect(
      parsePathFile(
        JSON.stringify({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: line } }),
      ),
    ).toMatchObject({
      points: plain,
    });
    expect(
      parsePathFile(JSON.stringify({ type: "MultiLineString", coordinates: [line.slice(0, 1), line.slice(1)] })),
    ).toMatchObject({ points: plain });
  });

  test("a collection with two lines is refused; one with only points has no track", () => {
    const feature = { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: line } };
    expect(refusal(JSON.stringify({ type: "FeatureCollection", features: [feature, feature] }))).toBe(
      "The file has 2 lines; upload a file with just one.",
    );
    expect(refusal(JSON.stringify({ type: "Point", coordinates: line[0] }))).toBe(pathFileMessages.noTrack);
    expect(refusal(JSON.stringify({ type: "FeatureCollection", features: [] }))).toBe(pathFileMessages.noTrack);
  });

  test.each([
    ["broken JSON", '{"type": "LineString", '],
    ["JSON that is no GeoJSON", '{"name": "Gold"}'],
    ["a feature without a list", '{"type": "FeatureCollection", "features": 3}'],
    ["an array", "[[-84.005, 33.98]]"],
  ])("%s is not a file we can read", (_, text) => {
    expect(refusal(text)).toBe(pathFileMessages.unreadable);
  });

  test("latitude first is caught as off campus, naming the point and how far", () => {
    const swapped = plain.map(([lon, lat]) => [lat, lon]);
    const message = refusal(JSON.stringify({ type: "LineString", coordinates: swapped }))!;
    expect(message).toMatch(
      /^Point \d of the track \(latitude -84\.0\d*, longitude 33\.98\d*\): this point is [\d,]+ km from the campus; points must be within 5 km of its trails and benches; 2 other points are too far as well\.$/,
    );
  });
});

describe("limits", () => {
  const along = (count: number): LonLat[] => Array.from({ length: count }, (_, i) => [-84.005 + i * 1e-6, 33.98]);

  test(`at most ${MAX_PATH_POINTS.toLocaleString("en-US")} points, and at least 2`, () => {
    expect(parsePathFile(JSON.stringify({ type: "LineString", coordinates: along(MAX_PATH_POINTS) }))).toMatchObject({
      ok: true,
    });
    expect(refusal(gpx(`<trk><trkseg>${trkpts(along(6_200))}</trkseg></trk>`))).toBe(
      "The track has 6,200 points; at most 5,000.",
    );
    expect(refusal(JSON.stringify({ type: "LineString", coordinates: along(1) }))).toBe(
      "The track has 1 point; a path needs at least 2.",
    );
  });

  test("a point just beyond the margin is measured from the trails and benches, in kilometres", () => {
    const east = sampleBox[2] + 0.056;
    expect(refusal(JSON.stringify({ type: "LineString", coordinates: [...along(3), [east, 33.98]] }))).toMatch(
      /^Point 4 of the track \(latitude 33\.98, longitude -83\.94\d*\): this point is 5\.2 km from the campus; points must be within 5 km of its trails and benches\.$/,
    );
    expect(
      parseAnywhere(
        JSON.stringify({
          type: "LineString",
          coordinates: [
            [-122.68, 45.52],
            [-122.67, 45.53],
          ],
        }),
      ),
    ).toMatchObject({ ok: true });
  });
});
