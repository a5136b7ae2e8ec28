// A trail 3,500 km from the sample campus (Portland, Oregon, beside the sample in Georgia) works wherever
// the sample's trails do (decision 078): its page with facts, directions and downloads, its bench's page,
// the QR sheet, the signed-in map with its trail choice and walk companion, the server-drawn map (whose
// numbers stay small, app/lib/map-frame.ts), notices, reports, walks, analytics and the API.
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { signedInAccount } from "../support/accounts";
import { callRoute, pageText } from "../support/routes";

const LOOP: [number, number][] = [
  [-122.6801, 45.5202],
  [-122.6782, 45.5219],
  [-122.6764, 45.5203],
  [-122.6783, 45.5188],
];
let adminToken: string;
let userToken: string;
let trailId: string;
let benchId: string;

function api(method: string, path: string, body?: unknown, token: string | null = adminToken) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return callRoute(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const page = async (path: string, sessionId?: string) => {
  const response = await callRoute(path, { sessionId });
  expect(response.status, path).toBe(200);
  return response;
};
/** The largest number in the drawing's coordinates: its paths and its viewBox. */
const largestNumber = (svg: string) =>
  Math.max(
    ...[...svg.matchAll(/\b(?:d|viewBox)="([^"]*)"/g)]
      .flatMap(([, value]) => value.match(/-?\d+(\.\d+)?/g) ?? [])
      .map((value) => Math.abs(Number(value))),
  );

beforeAll(async () => {
  await seedDatabase(prisma);
  adminToken = (await signedInAccount("Admin", "faradmin")).token;
  userToken = (await signedInAccount("User", "farwalker")).token;

  // The sample campus refuses the far trail until its centre says where the campus is.
  const path = { type: "LineString", coordinates: LOOP };
  const refused = await api("POST", "/api/trails", { name: "Riverside Loop", path });
  expect(refused.status).toBe(400);
  expect((await refused.json()).message).toMatch(/km from the campus/);
  const campus = await api("PATCH", "/api/campus", { center: [-122.679, 45.52] });
  expect(campus.status).toBe(200);
  const created = await api("POST", "/api/trails", { name: "Riverside Loop", color: "teal", path });
  expect(created.status).toBe(201);
  trailId = (await created.json())._id;
  const bench = await api("POST", "/api/bench/bench", {
    bench_number: 701,
    location: "Under the river oaks",
    latitude: 45.5219,
    longitude: -122.6782,
    trailId,
  });
  expect(bench.status).toBe(201);
  benchId = (await bench.json())._id;
});

describe("a trail 3,500 km from the sample campus", () => {
  test("its public page: facts, directions past its bench, and the downloads", async () => {
    const text = await pageText(await page("/trails/riverside-loop"));
    expect(text).toContain("Riverside Loop");
    expect(text).toContain("Length 0.43 mi (690 m)");
    expect(text).toMatch(/Directions From the start, head [a-z-]+ \d+ m \( [\d,]+ ft, \d+ min\) to Bench 701/);
    expect(text).toContain("Bench 701");
    const gpx = await (await page("/trails/riverside-loop/download/gpx")).text();
    expect(gpx).toContain('lat="45.5202" lon="-122.6801"');
    const geojson = await (await page("/trails/riverside-loop/download/geojson")).json();
    expect(JSON.stringify(geojson)).toContain("[-122.6764,45.5203]");
  });

  test('its bench: "Bench 1 of 1 on the Riverside Loop", and on the QR sheet', async () => {
    expect(await pageText(await page(`/benches/${benchId}`))).toContain(
      "You are at Bench 1 of 1 on the Riverside Loop",
    );
    const sheet = await pageText(await page("/adminControlPanel/qr-codes", adminToken));
    expect(sheet).toContain("Bench 701");
    expect(sheet).toContain("Riverside Loop");
  });

  test("the signed-in map: the trail in the choice, its bench, the walk companion's data, a server map with small numbers", async () => {
    const response = await page("/trails?trail=riverside-loop&benches=1", userToken);
    const html = await response.text();
    const text = html.replace(/<[^>]+>/g, " ");
    expect(text).toContain("Map of the Riverside Loop with 1 bench markers");
    expect(html).toContain('href="/trails?trail=riverside-loop&amp;benches=1"');
    expect(text).toContain("Bench 701");
    expect(text).toContain("Start walk");
    const svg = /<svg[^>]*role="img"[^>]*viewBox[\s\S]*?<\/svg>/.exec(html)![0];
    expect(largestNumber(svg)).toBeLessThan(50_000);
    expect(largestNumber(svg)).toBeGreaterThan(0);
    const line = /\/trails\/lines\/[a-f0-9]{24}-[A-Za-z0-9_-]{16}\.svg/.exec(html);
    const drawn = line ? await (await page(line[0], userToken)).text() : svg;
    expect(largestNumber(drawn)).toBeLessThan(50_000);
  });

  test("a notice on it shows on its page; a report and a walk name it; analytics list it", async () => {
    const notice = await api("POST", "/api/notices", { trailId, kind: "caution", message: "High water at the dock" });
    expect(notice.status).toBe(201);
    expect(await pageText(await page("/trails/riverside-loop"))).toContain("High water at the dock");
    const report = await api(
      "POST",
      "/api/reports",
      { trailId, category: "flooded", description: "The path by the dock is under water" },
      userToken,
    );
    expect(report.status).toBe(201);
    expect(await report.json()).toMatchObject({ trailId, trailName: "Riverside Loop" });
    const walk = await api("POST", "/api/walks", { trailId, date: "2026-11-20" }, userToken);
    expect(walk.status).toBe(201);
    const logged = await walk.json();
    expect(logged).toMatchObject({ trailId, trailName: "Riverside Loop" });
    expect(logged.distanceMetres).toBeGreaterThan(400);
    expect(await pageText(await page("/adminAnalytics", adminToken))).toContain("Riverside Loop");
  });

  test("the API: the trail with its bench in walking order, and in the list", async () => {
    const one = await (await api("GET", `/api/trails/${trailId}`, undefined, userToken)).json();
    expect(one).toMatchObject({ slug: "riverside-loop", color: "teal" });
    expect(one.benches.map((bench: { bench_number: number }) => bench.bench_number)).toEqual([701]);
    const list = await (await api("GET", "/api/trails/trails", undefined, userToken)).json();
    expect(list.map((trail: { name: string }) => trail.name)).toEqual([
      "Gold Trail",
      "Green Trail",
      "Gray Trail",
      "Riverside Loop",
    ]);
  });
});
