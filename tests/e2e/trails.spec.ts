import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import {
  BENCH_MARKER_FILL,
  projectToFrame,
  trailFacts,
  trailStrokeColor,
  type LonLat,
} from "../../app/lib/geo";

import { extractYouTubeId, videoHostPage, videoSourceOf } from "../../app/lib/video-source";
import { expect, signInAsAdmin, test } from "./support/fixtures";
import { watchVideoHostRequests } from "./support/videos";

type Bench = {
  benchNumber: number;
  location: string;
  latitude: number;
  longitude: number;
  videos: { title: string; url: string }[];
};
type Trail = { name: string; color: string; coordinates: LonLat[] };

const seedTrails: Trail[] = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features.map(
  (feature: { properties: { name: string; color: string }; geometry: { coordinates: LonLat[] } }) => ({
    name: feature.properties.name,
    color: feature.properties.color,
    coordinates: feature.geometry.coordinates,
  }),
);
const seedBenches: Bench[] = JSON.parse(readFileSync("prisma/seed-data/benches.json", "utf8"));

/** The trails and benches as the app's database holds them: queried when it is PostgreSQL, else the seed. */
async function databaseState(db: import("pg").Pool | null): Promise<{ trails: Trail[]; benches: Bench[] }> {
  if (!db) return { trails: seedTrails, benches: [...seedBenches].sort((a, b) => a.benchNumber - b.benchNumber) };
  const trailRows = await db.query<{ id: string; name: string; color: string }>(`SELECT id, name, color FROM "Trail"`);
  const pointRows = await db.query<{ trailId: string; longitude: number; latitude: number }>(
    `SELECT "trailId", longitude, latitude FROM "TrailPoint" ORDER BY "trailId", position`,
  );
  const benchRows = await db.query<Omit<Bench, "videos"> & { id: string }>(
    `SELECT id, "benchNumber", location, latitude, longitude FROM "Bench" ORDER BY "benchNumber"`,
  );
  const videoRows = await db.query<{ benchId: string; title: string; url: string }>(
    `SELECT "benchId", title, url FROM "BenchVideo"`,
  );
  return {
    trails: trailRows.rows.map((trail) => ({
      name: trail.name,
      color: trail.color,
      coordinates: pointRows.rows.filter((point) => point.trailId === trail.id).map((point) => [point.longitude, point.latitude]),
    })),
    benches: benchRows.rows.map(({ id, ...bench }) => ({
      ...bench,
      videos: videoRows.rows.filter((video) => video.benchId === id).map(({ title, url }) => ({ title, url })),
    })),
  };
}

/**
 * A bench's videos play in place through the click-to-play facade: with JavaScript a play button each,
 * without it a link to the video on its host's site that opens in a new tab. Nothing else is a link.
 */
async function expectBenchVideoPlayers(container: Locator, videos: Bench["videos"], javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(container.getByRole("link")).toHaveCount(0);
    for (const video of videos) await expect(container.getByRole("button", { name: `Play video: ${video.title}`, exact: true })).toBeVisible();
    return;
  }
  await expect(container.getByRole("link")).toHaveCount(videos.length);
  for (const video of videos) {
    const source = videoSourceOf(video.url)!;
    const host = source.kind === "vimeo" ? "Vimeo" : "YouTube";
    const link = container.getByRole("link", { name: `Play video: ${video.title} on ${host} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute("href", videoHostPage(source));
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
}

const olMap = (page: Page) => page.locator('[data-map="openlayers"]');
const svgMap = (page: Page) => page.locator('svg[data-map="svg"]');

/** The map as it stands once the page is usable: the OpenLayers canvas with JavaScript, else the SVG. */
async function expectMapReady(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(olMap(page)).toHaveAttribute("data-rendered", "true");
    await expect(olMap(page).locator("canvas").first()).toBeVisible();
    await expect(svgMap(page)).toHaveCount(0);
  } else {
    await expect(svgMap(page)).toBeVisible();
    await expect(page.locator("canvas")).toHaveCount(0);
  }
}

function hexToRgb(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour on top at a pixel of the OpenLayers map, read back from its canvases. */
async function mapPixel(page: Page, [x, y]: [number, number]) {
  return olMap(page).evaluate(
    (target, point) => {
      const box = target.getBoundingClientRect();
      let top: number[] | null = null;
      for (const canvas of target.querySelectorAll("canvas")) {
        const rect = canvas.getBoundingClientRect();
        const px = Math.floor((box.left + point[0] - rect.left) * (canvas.width / rect.width));
        const py = Math.floor((box.top + point[1] - rect.top) * (canvas.height / rect.height));
        const [r, g, b, a] = canvas.getContext("2d")!.getImageData(px, py, 1, 1).data;
        if (a > 0) top = [r, g, b];
      }
      return top;
    },
    [x, y] as [number, number],
  );
}

function expectColour(actual: number[] | null, hex: string) {
  expect(actual, `pixel colour, expected ${hex}`).not.toBeNull();
  const expected = hexToRgb(hex);
  for (const [index, channel] of actual!.entries()) expect(Math.abs(channel - expected[index])).toBeLessThanOrEqual(12);
}

/** The middle of the trail's longest segment in the map's opening frame: a point surely covered by the line. */
function pointOnTrail(trail: Trail, frame: { width: number; height: number }): [number, number] {
  let best: [number, number] = [0, 0];
  let bestLength = -1;
  for (let index = 1; index < trail.coordinates.length; index++) {
    const [x1, y1] = projectToFrame(trail.coordinates[index - 1], frame);
    const [x2, y2] = projectToFrame(trail.coordinates[index], frame);
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length > bestLength) {
      bestLength = length;
      best = [Math.round((x1 + x2) / 2), Math.round((y1 + y2) / 2)];
    }
  }
  return best;
}

async function mapFrame(page: Page) {
  await olMap(page).scrollIntoViewIfNeeded();
  const box = (await olMap(page).boundingBox())!;
  // The container has a 1 px border; OpenLayers draws inside it.
  const inner = await olMap(page).evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
  return { box: { x: box.x + 1, y: box.y + 1 }, ...inner };
}

test.describe("trail map", () => {
  test.beforeEach(async ({ page }) => {
    // No network here: make tile requests fail at once, as they would offline, and prove the map copes.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInAsAdmin(page);
  });

  test("visitors are sent to sign in first", async ({ browser }) => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto("/trails?trail=gold");
    await expect(visitor).toHaveURL(/\/authorization\?formType=signin&redirectTo=%2Ftrails%3Ftrail%3Dgold$/);
    await context.close();
  });

  test("opens on the green trail with benches hidden, and the map shows it", async ({ page, javaScriptEnabled }) => {
    await page.goto("/trails");
    await expect(page.getByRole("heading", { level: 1, name: "Trail Map" })).toBeVisible();
    const trailLinks = page.getByRole("navigation", { name: "Trails" }).getByRole("link");
    await expect(trailLinks).toHaveText(["Gold Trail", "Green Trail", "Gray Trail"]);
    await expect(page.getByRole("link", { name: "Green Trail" })).toHaveAttribute("aria-current", "true");
    await expectMapReady(page, javaScriptEnabled);
    if (javaScriptEnabled) {
      await expect(olMap(page)).toHaveAttribute("data-trail", "green");
      await expect(olMap(page)).toHaveAttribute("data-benches-visible", "0");
      await expect(page.getByRole("switch", { name: "Show Benches" })).toHaveAttribute("aria-checked", "false");
      await expect(page.getByRole("region", { name: "Map of the Green Trail" })).toBeVisible();
    } else {
      await expect(page.getByRole("img", { name: "Map of the Green Trail" })).toBeVisible();
      await expect(svgMap(page).locator(`path[stroke="${trailStrokeColor("green")}"]`)).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Show Benches" })).toHaveAttribute("href", "/trails?trail=green&benches=1");
    }
    // An unknown trail in a hand-edited address falls back to the default one.
    await page.goto("/trails?trail=nowhere");
    await expect(page.getByRole("link", { name: "Green Trail" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("region", { name: "Green Trail", exact: true })).toBeVisible();
  });

  test("each trail button draws its trail and shows its facts", async ({ page, javaScriptEnabled, db }) => {
    const { trails } = await databaseState(db);
    await page.goto("/trails");
    await expectMapReady(page, javaScriptEnabled);
    for (const color of ["gold", "gray", "green"]) {
      const trail = trails.find((candidate) => candidate.color === color)!;
      await page.getByRole("link", { name: trail.name }).click();
      await expect(page).toHaveURL(new RegExp(`/trails\\?trail=${color}$`));
      await expect(page.getByRole("link", { name: trail.name })).toHaveAttribute("aria-current", "true");

      const facts = trailFacts(trail.coordinates);
      const factsSection = page.getByRole("region", { name: trail.name, exact: true });
      await expect(factsSection).toContainText(`${facts.miles.toFixed(2)} mi (${facts.kilometres.toFixed(2)} km)`);
      await expect(factsSection).toContainText("at 3 mph");
      await expect(factsSection).toContainText("2,000 steps per mile");

      if (javaScriptEnabled) {
        await expect(olMap(page)).toHaveAttribute("data-trail", color);
        await expect(page.getByRole("region", { name: `Map of the ${trail.name}` })).toBeVisible();
        const frame = await mapFrame(page);
        // The line really is on the canvas, in the trail's colour, where the projection puts it.
        await expect
          .poll(async () => {
            const pixel = await mapPixel(page, pointOnTrail(trail, frame));
            return pixel && hexToRgb(trailStrokeColor(color)).every((channel, index) => Math.abs(channel - pixel[index]) <= 12);
          })
          .toBe(true);
      } else {
        await expect(page.getByRole("img", { name: `Map of the ${trail.name}` })).toBeVisible();
        const line = svgMap(page).locator(`g[data-trail="${color}"] path[stroke="${trailStrokeColor(color)}"]`);
        await expect(line).toHaveAttribute("stroke-width", "6");
        const d = (await line.getAttribute("d"))!;
        // One path command per stored coordinate.
        expect(d.match(/[ML]/g)).toHaveLength(trail.coordinates.length);
        await expect(svgMap(page).locator("path")).toHaveCount(2);
      }
    }
    expect(trailFacts(trails.find((trail) => trail.color === "green")!.coordinates).miles).toBeCloseTo(3.05, 1);
  });

  test("the bench switch shows and hides the markers, keeping the trail", async ({ page, javaScriptEnabled, db }) => {
    const { benches } = await databaseState(db);
    await page.goto("/trails?trail=gold");
    await expectMapReady(page, javaScriptEnabled);
    const bench = benches[0];

    if (javaScriptEnabled) {
      await page.getByRole("switch", { name: "Show Benches" }).click();
      await expect(page).toHaveURL(/\/trails\?trail=gold&benches=1$/);
      const benchSwitch = page.getByRole("switch", { name: "Hide Benches" });
      await expect(benchSwitch).toHaveAttribute("aria-checked", "true");
      await expect(olMap(page)).toHaveAttribute("data-benches-visible", String(benches.length));
      await expect(olMap(page)).toHaveAttribute("data-trail", "gold");
      const frame = await mapFrame(page);
      const [x, y] = projectToFrame([bench.longitude, bench.latitude], frame);
      const markerPoint: [number, number] = [Math.round(x), Math.round(y) + 6];
      await expect.poll(() => mapPixel(page, markerPoint).then((pixel) => JSON.stringify(pixel))).toBe(
        JSON.stringify(hexToRgb(BENCH_MARKER_FILL)),
      );

      await benchSwitch.press("Space");
      await expect(page).toHaveURL(/\/trails\?trail=gold$/);
      await expect(page.getByRole("switch", { name: "Show Benches" })).toHaveAttribute("aria-checked", "false");
      await expect(olMap(page)).toHaveAttribute("data-benches-visible", "0");
      await expect
        .poll(async () => JSON.stringify(await mapPixel(page, markerPoint)))
        .not.toBe(JSON.stringify(hexToRgb(BENCH_MARKER_FILL)));
    } else {
      await expect(svgMap(page).locator("circle")).toHaveCount(0);
      await page.getByRole("link", { name: "Show Benches" }).click();
      await expect(page).toHaveURL(/\/trails\?trail=gold&benches=1$/);
      await expect(svgMap(page).locator("circle")).toHaveCount(benches.length);
      await expect(svgMap(page).locator(`g[data-bench="${bench.benchNumber}"]`)).toContainText(String(bench.benchNumber));
      await expect(svgMap(page).locator('path[stroke="#ffd700"]')).toHaveCount(1);
      // The trail links keep the switch's state.
      await page.getByRole("link", { name: "Gray Trail" }).click();
      await expect(page).toHaveURL(/\/trails\?trail=gray&benches=1$/);
      await expect(svgMap(page).locator("circle")).toHaveCount(benches.length);
      await page.getByRole("link", { name: "Hide Benches" }).click();
      await expect(page).toHaveURL(/\/trails\?trail=gray$/);
      await expect(svgMap(page).locator("circle")).toHaveCount(0);
    }
  });

  test("every bench marker opens its popup with the bench's location and videos", async ({ page, javaScriptEnabled, db }) => {
    test.setTimeout(60_000);
    const { benches } = await databaseState(db);
    const videoHostRequests = await watchVideoHostRequests(page);
    await page.goto("/trails?trail=green&benches=1");
    await expectMapReady(page, javaScriptEnabled);

    if (!javaScriptEnabled) {
      // Without scripts there are no popups: each marker is drawn where the projection puts it, and the
      // list under the map carries what the popup would.
      for (const bench of benches) {
        const [x, y] = projectToFrame([bench.longitude, bench.latitude], { width: 720, height: 500 });
        const circle = svgMap(page).locator(`g[data-bench="${bench.benchNumber}"] circle`);
        expect(Number(await circle.getAttribute("cx"))).toBeCloseTo(x, 0);
        expect(Number(await circle.getAttribute("cy"))).toBeCloseTo(y, 0);
      }
      return;
    }

    await expect(olMap(page)).toHaveAttribute("data-benches-visible", String(benches.length));
    const frame = await mapFrame(page);
    for (const bench of benches) {
      const [x, y] = projectToFrame([bench.longitude, bench.latitude], frame);
      await page.mouse.click(frame.box.x + x, frame.box.y + y);
      const popup = page.getByRole("dialog", { name: `Bench ${bench.benchNumber}` });
      await expect(popup).toBeVisible();
      await expect(popup).toContainText(bench.location);
      await expectBenchVideoPlayers(popup, bench.videos, true);
      if (bench === benches.find((candidate) => candidate.videos.length > 0)) {
        // Nothing was asked of the video host until now; pressing play starts the player in the popup.
        expect(videoHostRequests).toEqual([]);
        const video = bench.videos[0];
        const player = `https://www.youtube-nocookie.com/embed/${extractYouTubeId(video.url)}?autoplay=1`;
        const requested = page.waitForRequest(player);
        await popup.getByRole("button", { name: `Play video: ${video.title}`, exact: true }).click();
        await requested;
        await expect(popup.locator("iframe")).toHaveAttribute("src", player);
      }
      await popup.getByRole("button", { name: "Close bench details" }).click();
      await expect(popup).toBeHidden();
      // Focus returns to the map, ready for the keyboard.
      await expect(olMap(page)).toBeFocused();
    }

    // A click away from the markers opens nothing.
    await page.mouse.click(frame.box.x + 10, frame.box.y + frame.height - 10);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the popup closes with Escape and when benches are hidden", async ({ page, javaScriptEnabled, db }) => {
    const { benches } = await databaseState(db);
    await page.goto("/trails?trail=green&benches=1");
    await expectMapReady(page, javaScriptEnabled);
    if (!javaScriptEnabled) {
      // The switch is a plain link here; the no-JS bench behaviour is covered above.
      await expect(page.getByRole("link", { name: "Hide Benches" })).toHaveAttribute("href", "/trails?trail=green");
      return;
    }
    const bench = benches[benches.length - 1];
    const frame = await mapFrame(page);
    const [x, y] = projectToFrame([bench.longitude, bench.latitude], frame);
    const popup = page.getByRole("dialog", { name: `Bench ${bench.benchNumber}` });

    await page.mouse.click(frame.box.x + x, frame.box.y + y);
    await expect(popup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();

    await page.mouse.click(frame.box.x + x, frame.box.y + y);
    await expect(popup).toBeVisible();
    await page.getByRole("switch", { name: "Hide Benches" }).click();
    await expect(olMap(page)).toHaveAttribute("data-benches-visible", "0");
    await expect(popup).toHaveCount(0);
  });

  test("under the map, the bench list matches the database", async ({ page, db, javaScriptEnabled }) => {
    const { benches } = await databaseState(db);
    await page.goto("/trails");
    const list = page.getByRole("list", { name: "Benches with videos" });
    const items = list.locator(":scope > li");
    await expect(items).toHaveCount(benches.length);
    for (const [index, bench] of benches.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole("heading", { level: 3 })).toHaveText(`Bench ${bench.benchNumber}`);
      await expect(item).toContainText(bench.location);
      await expectBenchVideoPlayers(item, bench.videos, javaScriptEnabled);
    }
  });
});
