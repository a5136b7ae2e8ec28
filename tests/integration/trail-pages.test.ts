// The public trail pages (decision 030), through the built app's own request handler: no session needed.
import { beforeAll, describe, expect, test } from "vitest";
import { pathLengthMetres } from "~/lib/geo";
import { createSession } from "~/models/session.server";
import { listTrailsWithCoordinates } from "~/models/trail.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { callRoute } from "../support/routes";

env.RATE_LIMIT_FACTOR = 1000;

beforeAll(async () => {
  await truncateAll(database);
  await seedDatabase(prisma);
});

describe("/trails/{slug}", () => {
  test.each(["gold", "gray", "green", "GOLD"])("a visitor without an account opens /trails/%s", async (slug) => {
    const response = await callRoute(`/trails/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      new RegExp(`<h1[^>]*>${slug.charAt(0).toUpperCase()}${slug.slice(1).toLowerCase()} Trail</h1>`),
    );
    expect(html).toMatch(/<h2[^>]*>Directions<\/h2>/);
    expect(html).toContain("<dt");
    expect(html).toMatch(/<svg[^>]*role="img"/);
  });

  test("the directions have one step per bench and one to the finish, and their metres add up to the length", async () => {
    const html = await (await callRoute("/trails/gold")).text();
    const list = /<ol[^>]*>([\s\S]*?)<\/ol>/.exec(html)![1];
    const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => match[1].replace(/<!-- -->|<[^>]+>/g, ""));
    const benches = Number(/Benches<\/dt><dd>(\d+)<\/dd>/.exec(html)![1]);
    expect(items.length).toBe(benches + 1);
    expect(items[0]).toMatch(
      /^From the start, head (north|north-east|east|south-east|south|south-west|west|north-west) \d+ m \([\d,]+ ft, \d+ min\) to Bench \d+/,
    );
    expect(items.at(-1)).toMatch(/to the finish\.$/);
    const total = items.reduce((sum, item) => sum + Number(/ (\d+) m \(/.exec(item)![1]), 0);
    const gold = (await listTrailsWithCoordinates()).find((trail) => trail.color.toLowerCase() === "gold")!;
    expect(Math.abs(total - pathLengthMetres(gold.coordinates))).toBeLessThan(items.length);
  });

  test("an unknown trail is a 404, not a 500", async () => {
    expect((await callRoute("/trails/purple")).status).toBe(404);
  });

  test("the old ?trail= link keeps working for a walker, and links to the trail's page", async () => {
    const user = await createUser({
      username: "pagewalker",
      email: "pagewalker@example.test",
      password: "pagewalker-pw",
    });
    const response = await callRoute("/trails?trail=green", { sessionId: (await createSession(user.id)).id });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(
      /<a[^>]*href="\/trails\/green"[^>]*>Directions and details for the (?:<!-- -->)?Green Trail<\/a>/,
    );
  });
});

describe("/trails/{slug}/download/{format}", () => {
  test("GPX 1.1: one trkpt per trail point and one named wpt per bench on the trail, as a file", async () => {
    const response = await callRoute("/trails/gold/download/gpx");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/gpx+xml; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="gold-trail.gpx"');
    const gpx = await response.text();
    expect(gpx).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1"[^>]*xmlns="http:\/\/www.topografix.com\/GPX\/1\/1">/,
    );
    const gold = (await listTrailsWithCoordinates()).find((trail) => trail.color.toLowerCase() === "gold")!;
    const points = [...gpx.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)">/g)].map((m) => [
      Number(m[2]),
      Number(m[1]),
    ]);
    expect(points).toEqual(gold.coordinates);
    const page = await (await callRoute("/trails/gold")).text();
    const benches = Number(/Benches<\/dt><dd>(\d+)<\/dd>/.exec(page)![1]);
    expect([...gpx.matchAll(/<wpt lat="[-\d.]+" lon="[-\d.]+"><name>Bench \d+<\/name>/g)]).toHaveLength(benches);
    // GPX 1.1 order: metadata, wpt, then trk.
    expect(gpx.indexOf("<metadata>")).toBeLessThan(gpx.indexOf("<wpt"));
    expect(gpx.lastIndexOf("</wpt>")).toBeLessThan(gpx.indexOf("<trk>"));
  });

  test("GeoJSON: a FeatureCollection with the LineString and a Point per bench, longitude first", async () => {
    const response = await callRoute("/trails/green/download/geojson");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/geo+json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="green-trail.geojson"');
    const collection = await response.json();
    expect(collection.type).toBe("FeatureCollection");
    const [line, ...benches] = collection.features;
    expect(line.geometry.type).toBe("LineString");
    const green = (await listTrailsWithCoordinates()).find((trail) => trail.color.toLowerCase() === "green")!;
    expect(line.geometry.coordinates).toEqual(green.coordinates);
    for (const bench of benches) {
      expect(bench.type).toBe("Feature");
      expect(bench.geometry.type).toBe("Point");
      const [lon, lat] = bench.geometry.coordinates;
      expect(lon).toBeLessThan(-80);
      expect(lat).toBeGreaterThan(30);
      expect(bench.properties.name).toMatch(/^Bench \d+$/);
    }
  });

  test("a trail's page offers its GPX and GeoJSON as files, through its Download links", async () => {
    const html = await (await callRoute("/trails/gray")).text();
    for (const [name, type, file] of [
      ["Download GPX", "application/gpx+xml", "gray-trail.gpx"],
      ["Download GeoJSON", "application/geo+json", "gray-trail.geojson"],
    ]) {
      const href = new RegExp(`<a\\b[^>]*href="([^"]+)"[^>]*>(?:<!-- -->)?${name}</a>`).exec(html)?.[1];
      expect(href, name).toBeTruthy();
      const response = await callRoute(href!.replace(/&amp;/g, "&"));
      expect(response.status, name).toBe(200);
      expect(response.headers.get("Content-Type"), name).toContain(type);
      expect(response.headers.get("Content-Disposition"), name).toBe(`attachment; filename="${file}"`);
    }
  });

  test("an unknown format or trail is a 404", async () => {
    expect((await callRoute("/trails/gold/download/kml")).status).toBe(404);
    expect((await callRoute("/trails/purple/download/gpx")).status).toBe(404);
  });
});

describe("/benches/{id}", () => {
  test("a visitor scanning a bench learns where they are on its trail and how far the next benches are", async () => {
    const html = await (await callRoute("/trails/gold")).text();
    const first = /to Bench (\d+)/.exec(html.replace(/<!-- -->|<[^>]+>/g, ""))![1];
    const bench = await prisma.bench.findFirstOrThrow({ where: { benchNumber: Number(first) }, select: { id: true } });
    const response = await callRoute(`/benches/${bench.id}`);
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
    expect(text).toMatch(/You are at Bench 1 of \d+ on the Gold Trail/);
    expect(text).toContain("This is the first bench on the trail");
    expect(text).toMatch(/Next bench ahead ?Bench \d+, \d+ m \([\d,]+ ft, \d+ min\)/);
    expect(text).toContain("Exercise videos");
  });

  test("an unknown bench is a 404", async () => {
    expect((await callRoute("/benches/0123456789abcdef01234567")).status).toBe(404);
  });
});
