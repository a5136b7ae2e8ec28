import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { BENCH_MARKER_FILL, projectToFrame, trailFacts, trailStrokeColor, type LonLat } from "../../app/lib/geo";

import { benchesAlongTrail, trailLine } from "../../app/lib/trail-walk";
import { extractYouTubeId, videoHostPage, videoSourceOf } from "../../app/lib/video-source";
import { expect, preferInteractiveMap, signInAsAdmin, test } from "./support/fixtures";
import { watchVideoHostRequests } from "./support/videos";

type Bench = {
  benchNumber: number;
  /** The trail the bench is set for, by name. */
  trail: string | null;
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
    `SELECT b.id, b."benchNumber", b.location, b.latitude, b.longitude, t.name AS trail
     FROM "Bench" b LEFT JOIN "Trail" t ON t.id = b."trailId" ORDER BY b."benchNumber"`,
  );
  const videoRows = await db.query<{ benchId: string; title: string; url: string }>(
    `SELECT "benchId", title, url FROM "BenchVideo"`,
  );
  return {
    trails: trailRows.rows.map((trail) => ({
      name: trail.name,
      color: trail.color,
      coordinates: pointRows.rows
        .filter((point) => point.trailId === trail.id)
        .map((point) => [point.longitude, point.latitude]),
    })),
    benches: benchRows.rows.map(({ id, ...bench }) => ({
      ...bench,
      videos: videoRows.rows.filter((video) => video.benchId === id).map(({ title, url }) => ({ title, url })),
    })),
  };
}

/** The benches a trail's map shows, in walking order: set for the trail or within 30 m of it (the app's rule). */
function benchesOn({ trails, benches }: { trails: Trail[]; benches: Bench[] }, color: string): Bench[] {
  const trail = trails.find((candidate) => candidate.color === color)!;
  const walkBenches = benches.map((bench) => ({ ...bench, id: String(bench.benchNumber), trailId: bench.trail }));
  return benchesAlongTrail(trailLine(trail.coordinates), trail.name, walkBenches).map(({ bench }) => bench);
}

/**
 * A bench's videos play in place through the click-to-play facade: with JavaScript a play button each,
 * without it a link to the video on its host's site that opens in a new tab. The only other link is to
 * the bench's "Report a problem" form.
 */
async function expectBenchVideoPlayers(container: Locator, videos: Bench["videos"], javaScriptEnabled: boolean) {
  await expect(container.getByRole("link", { name: /^Report a problem at Bench \d+$/ })).toHaveAttribute(
    "href",
    /^\/benches\/[0-9a-f]{24}#report$/,
  );
  const videoLinks = container.getByRole("link").filter({ hasNotText: "Report a problem" });
  if (javaScriptEnabled) {
    await expect(videoLinks).toHaveCount(0);
    for (const video of videos)
      await expect(container.getByRole("button", { name: `Play video: ${video.title}`, exact: true })).toBeVisible();
    return;
  }
  await expect(videoLinks).toHaveCount(videos.length);
  for (const video of videos) {
    const source = videoSourceOf(video.url)!;
    const host = source.kind === "vimeo" ? "Vimeo" : "YouTube";
    const link = container.getByRole("link", {
      name: `Play video: ${video.title} on ${host} (opens in a new tab)`,
      exact: true,
    });
    await expect(link).toHaveAttribute("href", videoHostPage(source));
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
}

const olMap = (page: Page) => page.locator('[data-map="openlayers"]');
const svgMap = (page: Page) => page.locator('[data-map="svg"]');

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

type MapView = { center: LonLat; zoom: number; width: number; height: number };

/** The middle of the trail's longest segment in a view: a point surely covered by the line. */
function pointOnTrail(trail: Trail, frame: MapView): [number, number] {
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

type Marker = { benches: number[]; x: number; y: number };

/**
 * The OpenLayers map's view as it last rendered (the island reports its centre, zoom and each marker's
 * pixel in data attributes), with the map's place on the page.
 */
async function mapFrame(page: Page): Promise<MapView & { box: { x: number; y: number }; markers: Marker[] }> {
  await olMap(page).scrollIntoViewIfNeeded();
  const box = (await olMap(page).boundingBox())!;
  // The container has a 1 px border; OpenLayers draws inside it.
  const state = await olMap(page).evaluate((element) => ({
    width: element.clientWidth,
    height: element.clientHeight,
    center: element.dataset.center!.split(",").map(Number) as LonLat,
    zoom: Number(element.dataset.zoom),
    markers: JSON.parse(element.dataset.markers ?? "[]") as Marker[],
  }));
  return { box: { x: box.x + 1, y: box.y + 1 }, ...state };
}

/** True once the trail's colour is on the canvas where the reported view puts the trail. */
async function trailDrawnWhereReported(page: Page, trail: Trail) {
  const frame = await mapFrame(page);
  const pixel = await mapPixel(page, pointOnTrail(trail, frame));
  return (
    !!pixel && hexToRgb(trailStrokeColor(trail.color)).every((channel, index) => Math.abs(channel - pixel[index]) <= 12)
  );
}

/** Every coordinate of the trail inside a width x height box, given each one's position in it. */
function expectInside(
  trail: Trail,
  size: { width: number; height: number },
  position: (point: LonLat) => [number, number],
) {
  for (const point of trail.coordinates) {
    const [x, y] = position(point);
    expect(x, `${trail.name} point ${point} across`).toBeGreaterThanOrEqual(0);
    expect(x, `${trail.name} point ${point} across`).toBeLessThanOrEqual(size.width);
    expect(y, `${trail.name} point ${point} down`).toBeGreaterThanOrEqual(0);
    expect(y, `${trail.name} point ${point} down`).toBeLessThanOrEqual(size.height);
  }
}

test.describe("trail map", () => {
  test.beforeEach(async ({ page }) => {
    // No network here: make tile requests fail at once, as they would offline, and prove the map copes.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInAsAdmin(page);
    // These tests are about the interactive map: chosen once before (tests/e2e/trails-on-demand.spec.ts
    // proves the choosing), so with JavaScript it comes at once.
    await preferInteractiveMap(page);
  });

  test(
    "opens on the green trail with benches hidden, and the map shows it",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/trails");
      await expect(page.getByRole("heading", { level: 1, name: "Trail Map" })).toBeVisible();
      const trailLinks = page.getByRole("navigation", { name: "Trails" }).getByRole("link");
      await expect(trailLinks).toHaveText(["Gold Trail", "Green Trail", "Gray Trail"]);
      await expect(page.getByRole("link", { name: "Green Trail", exact: true })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expectMapReady(page, javaScriptEnabled);
      if (javaScriptEnabled) {
        await expect(olMap(page)).toHaveAttribute("data-trail", "green");
        await expect(olMap(page)).toHaveAttribute("data-benches-visible", "0");
        await expect(page.getByRole("button", { name: "Show Benches" })).toBeVisible();
        await expect(page.getByRole("region", { name: "Map of the Green Trail" })).toBeVisible();
      } else {
        await expect(page.getByRole("img", { name: "Map of the Green Trail" })).toBeVisible();
        await expect(svgMap(page).locator(`use[stroke="${trailStrokeColor("green")}"]`)).toHaveCount(1);
        await expect(page.getByRole("link", { name: "Show Benches" })).toHaveAttribute(
          "href",
          "/trails?trail=green&benches=1",
        );
      }
      // An unknown trail in a hand-edited address falls back to the default one.
      await page.goto("/trails?trail=nowhere");
      await expect(page.getByRole("link", { name: "Green Trail", exact: true })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(page.getByRole("region", { name: "Green Trail", exact: true })).toBeVisible();
    },
  );

  test(
    "each trail button draws its trail and shows its facts",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled, db }) => {
      const { trails } = await databaseState(db);
      await page.goto("/trails");
      await expectMapReady(page, javaScriptEnabled);
      for (const color of ["gold", "gray", "green"]) {
        const trail = trails.find((candidate) => candidate.color === color)!;
        await page.getByRole("link", { name: trail.name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/trails\\?trail=${color}$`));
        await expect(page.getByRole("link", { name: trail.name, exact: true })).toHaveAttribute("aria-current", "true");

        const facts = trailFacts(trail.coordinates);
        const factsSection = page.getByRole("region", { name: trail.name, exact: true });
        await expect(factsSection).toContainText(`${facts.miles.toFixed(2)} mi (${facts.kilometres.toFixed(2)} km)`);
        await expect(factsSection).toContainText("at 3 mph");
        await expect(factsSection).toContainText("2,000 steps per mile");

        if (javaScriptEnabled) {
          await expect(olMap(page)).toHaveAttribute("data-trail", color);
          await expect(page.getByRole("region", { name: `Map of the ${trail.name}` })).toBeVisible();
          // The line really is on the canvas, in the trail's colour, where the projection puts it.
          await expect.poll(() => trailDrawnWhereReported(page, trail)).toBe(true);
        } else {
          await expect(page.getByRole("img", { name: `Map of the ${trail.name}` })).toBeVisible();
          const line = svgMap(page).locator(`g[data-trail="${color}"] use[stroke="${trailStrokeColor(color)}"]`);
          await expect(line).toHaveAttribute("stroke-width", "6");
          // The points once: the casing and the line both draw one path, here from the line's own file, as
          // this document (the interactive map was chosen) carries the points in its data (decision 061).
          await expect(line).toBeVisible();
          await expect(svgMap(page).locator("path")).toHaveCount(0);
          const uses = svgMap(page).locator(`g[data-trail="${color}"] use`);
          await expect(uses).toHaveCount(2);
          const href = (await line.getAttribute("href"))!;
          expect(await uses.first().getAttribute("href")).toBe(href);
          const file = await page.request.get(href.replace(/#line$/, ""));
          expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
          const d = /\bd="([^"]+)"/.exec(await file.text())![1];
          // One path command per stored coordinate.
          expect(d.match(/[ML]/g)).toHaveLength(trail.coordinates.length);
        }
      }
      expect(trailFacts(trails.find((trail) => trail.color === "green")!.coordinates).miles).toBeCloseTo(3.05, 1);
    },
  );

  test(
    "the bench switch shows and hides the markers, keeping the trail",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled, db }) => {
      const state = await databaseState(db);
      const benches = benchesOn(state, "gold");
      await page.goto("/trails?trail=gold");
      await expectMapReady(page, javaScriptEnabled);
      const markerLinks = svgMap(page).locator('a[href^="#bench-"]');

      if (javaScriptEnabled) {
        // Named by what pressing it does, in both states (no switch role whose name would change).
        await page.getByRole("button", { name: "Show Benches" }).click();
        await expect(page).toHaveURL(/\/trails\?trail=gold&benches=1$/);
        const benchSwitch = page.getByRole("button", { name: "Hide Benches" });
        await expect(page.getByRole("switch")).toHaveCount(0);
        await expect(olMap(page)).toHaveAttribute("data-benches-visible", String(benches.length));
        await expect(olMap(page)).toHaveAttribute("data-trail", "gold");
        const frame = await mapFrame(page);
        // A bench with a marker of its own, drawn where the projection puts it.
        const marker = frame.markers.find((candidate) => candidate.benches.length === 1)!;
        const bench = benches.find((candidate) => candidate.benchNumber === marker.benches[0])!;
        const [x, y] = projectToFrame([bench.longitude, bench.latitude], frame);
        expect(Math.hypot(marker.x - x, marker.y - y)).toBeLessThan(1);
        const markerPoint: [number, number] = [Math.round(x), Math.round(y) + 6];
        await expect
          .poll(() => mapPixel(page, markerPoint).then((pixel) => JSON.stringify(pixel)))
          .toBe(JSON.stringify(hexToRgb(BENCH_MARKER_FILL)));

        await benchSwitch.press("Space");
        await expect(page).toHaveURL(/\/trails\?trail=gold$/);
        await expect(page.getByRole("button", { name: "Show Benches" })).toBeVisible();
        await expect(olMap(page)).toHaveAttribute("data-benches-visible", "0");
        await expect
          .poll(async () => JSON.stringify(await mapPixel(page, markerPoint)))
          .not.toBe(JSON.stringify(hexToRgb(BENCH_MARKER_FILL)));
      } else {
        // One link per bench, on its own marker or in its group's list.
        await expect(markerLinks).toHaveCount(0);
        await page.getByRole("link", { name: "Show Benches" }).click();
        await expect(page).toHaveURL(/\/trails\?trail=gold&benches=1$/);
        await expect(markerLinks).toHaveCount(benches.length);
        await expect(svgMap(page).locator('use[stroke="#ffd700"]')).toHaveCount(1);
        // The trail links keep the switch's state.
        await page.getByRole("link", { name: "Gray Trail", exact: true }).click();
        await expect(page).toHaveURL(/\/trails\?trail=gray&benches=1$/);
        await expect(markerLinks).toHaveCount(benchesOn(state, "gray").length);
        await page.getByRole("link", { name: "Hide Benches" }).click();
        await expect(page).toHaveURL(/\/trails\?trail=gray$/);
        await expect(markerLinks).toHaveCount(0);
      }
    },
  );

  test(
    "fits the selected trail on load at 320, 390 and 1280 px",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled, db }) => {
      test.setTimeout(60_000);
      const { trails } = await databaseState(db);
      const [green, gold] = ["green", "gold"].map((color) => trails.find((trail) => trail.color === color)!);
      for (const width of [320, 390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        if (javaScriptEnabled) {
          await page.goto("/trails?trail=green");
          await expectMapReady(page, true);
          // Choosing another trail fits that one too.
          for (const trail of [green, gold]) {
            if (trail === gold) await page.getByRole("link", { name: gold.name, exact: true }).click();
            await expect(olMap(page)).toHaveAttribute("data-trail", trail.color);
            // The view the map reports is the one drawn: the line is on the canvas where it puts it.
            await expect.poll(() => trailDrawnWhereReported(page, trail)).toBe(true);
            const frame = await mapFrame(page);
            expectInside(trail, frame, (point) => projectToFrame(point, frame));
          }
        } else {
          for (const trail of [green, gold]) {
            await page.goto(`/trails?trail=${trail.color}`);
            await expectMapReady(page, false);
            // The drawing lies wholly inside the map's frame, and its viewBox holds the whole trail.
            const frameBox = (await svgMap(page).boundingBox())!;
            const drawing = (await svgMap(page).locator("svg").boundingBox())!;
            expect(drawing.x).toBeGreaterThanOrEqual(frameBox.x);
            expect(drawing.x + drawing.width).toBeLessThanOrEqual(frameBox.x + frameBox.width + 0.5);
            expect(drawing.y).toBeGreaterThanOrEqual(frameBox.y);
            expect(drawing.y + drawing.height).toBeLessThanOrEqual(frameBox.y + frameBox.height + 0.5);
            // The chosen trail fills the map, not a corner of the campus: only its own benches are framed
            // with it (framing every bench on campus would shrink it to a corner).
            const line = (await svgMap(page)
              .locator(`use[stroke="${trailStrokeColor(trail.color)}"]`)
              .boundingBox())!;
            expect(Math.max(line.width / frameBox.width, line.height / frameBox.height)).toBeGreaterThan(0.6);
            const [x, y, w, h] = (await svgMap(page).locator("svg").getAttribute("viewBox"))!.split(" ").map(Number);
            expectInside(trail, { width: w, height: h }, (point) => {
              const [px, py] = projectToFrame(point, { width: 720, height: 500 });
              return [px - x, py - y];
            });
          }
        }
      }
    },
  );

  test(
    "at a phone's width every bench is reachable from a 44 px marker: its popup, or its entry in the list",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled, db }) => {
      test.setTimeout(60_000);
      const benches = benchesOn(await databaseState(db), "green").sort((a, b) => a.benchNumber - b.benchNumber);
      const videoHostRequests = await watchVideoHostRequests(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/trails?trail=green&benches=1");
      await expectMapReady(page, javaScriptEnabled);

      if (!javaScriptEnabled) {
        // Without scripts each marker is a link to the bench's entry in the list; benches too close to
        // tell apart share a marker that opens a list of such links.
        const singles = svgMap(page).locator("a[data-bench]");
        const groups = svgMap(page).locator("details[data-bench-group]");
        const targets = [...(await singles.all()), ...(await groups.locator("summary").all())];
        const boxes = await Promise.all(targets.map(async (target) => (await target.boundingBox())!));
        for (const box of boxes) {
          expect(box.width).toBeGreaterThanOrEqual(44);
          expect(box.height).toBeGreaterThanOrEqual(44);
        }
        // No two targets overlap.
        for (const [index, a] of boxes.entries()) {
          for (const b of boxes.slice(index + 1)) {
            const apart =
              a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
            expect(apart, "marker touch targets overlap").toBe(true);
          }
        }
        const grouped = (
          await Promise.all((await groups.all()).map((group) => group.getAttribute("data-bench-group")))
        ).flatMap((numbers) => numbers!.split(",").map(Number));
        const single = (await Promise.all((await singles.all()).map((link) => link.getAttribute("data-bench")))).map(
          Number,
        );
        expect([...single, ...grouped].sort((a, b) => a - b)).toEqual(benches.map((bench) => bench.benchNumber));
        expect(grouped.length, "the seeded benches 6, 7 and 11 stand too close for separate markers").toBeGreaterThan(
          0,
        );

        const list = page.getByRole("list", { name: "Benches with videos" });
        const lands = async (benchNumber: number) => {
          const entry = list.locator(`li[data-bench-number="${benchNumber}"]`);
          await expect(page).toHaveURL(new RegExp(`#${await entry.getAttribute("id")}$`));
          await expect(entry).toBeInViewport();
          await page.evaluate(() => window.scrollTo(0, 0));
        };
        // A group shows how many benches it holds as "×n", which cannot be read as a bench's number.
        for (const group of await groups.all())
          await expect(group.locator("summary > span[aria-hidden]")).toHaveText(/^×\d+$/);
        const benchNumber = single[0];
        await svgMap(page)
          .getByRole("link", { name: `Bench ${benchNumber}`, exact: true })
          .click();
        await lands(benchNumber);
        const group = groups.first();
        const [first] = (await group.getAttribute("data-bench-group"))!.split(",").map(Number);
        await group.locator("summary").click();
        await group.getByRole("link", { name: `Bench ${first}`, exact: true }).click();
        await lands(first);
        return;
      }

      await expect(olMap(page)).toHaveAttribute("data-benches-visible", String(benches.length));
      const frame = await mapFrame(page);
      // Each bench has exactly one marker, and no two markers' 44 px targets overlap.
      expect(frame.markers.flatMap((marker) => marker.benches).sort((a, b) => a - b)).toEqual(
        benches.map((bench) => bench.benchNumber),
      );
      for (const [index, a] of frame.markers.entries()) {
        for (const b of frame.markers.slice(index + 1))
          expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(44);
      }
      expect(
        frame.markers.some((marker) => marker.benches.length > 1),
        "close benches are grouped",
      ).toBe(true);

      // Press each marker 20 px off its centre, on alternating sides: inside its 44 px target.
      const openFromMarker = async (marker: Marker, index: number) => {
        const offsets: [number, number][] = [
          [20, 0],
          [0, 20],
          [-20, 0],
          [0, -20],
        ];
        const [dx, dy] = offsets[index % offsets.length];
        // Where the map is now: pressing a button in a tall popup may have scrolled the page.
        const box = (await olMap(page).boundingBox())!;
        await page.mouse.click(box.x + 1 + marker.x + dx, box.y + 1 + marker.y + dy);
      };
      for (const [index, marker] of frame.markers.entries()) {
        for (const benchNumber of marker.benches) {
          const bench = benches.find((candidate) => candidate.benchNumber === benchNumber)!;
          await openFromMarker(marker, index);
          if (marker.benches.length > 1) {
            const group = page.getByRole("dialog", { name: `${marker.benches.length} benches here` });
            await expect(group).toBeVisible();
            await group.getByRole("button", { name: new RegExp(`^Bench ${benchNumber}\\b`) }).click();
          }
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
      }

      // A press further than 22 px from every marker opens nothing.
      const away = [...Array(frame.width).keys()]
        .flatMap((x) => [10, frame.height - 10].map((y) => [x, y] as [number, number]))
        .find(([x, y]) => frame.markers.every((marker) => Math.hypot(marker.x - x, marker.y - y) > 30))!;
      await page.mouse.click(frame.box.x + away[0], frame.box.y + away[1]);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    },
  );

  // Without JavaScript there is no popup: the switch is a plain link, which "the bench switch" follows.
  test("the popup closes with Escape and when benches are hidden", async ({ page }) => {
    await page.goto("/trails?trail=green&benches=1");
    await expectMapReady(page, true);
    const frame = await mapFrame(page);
    const marker = frame.markers.find((candidate) => candidate.benches.length === 1)!;
    const popup = page.getByRole("dialog", { name: `Bench ${marker.benches[0]}` });

    await page.mouse.click(frame.box.x + marker.x, frame.box.y + marker.y);
    await expect(popup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();

    await page.mouse.click(frame.box.x + marker.x, frame.box.y + marker.y);
    await expect(popup).toBeVisible();
    await page.getByRole("button", { name: "Hide Benches" }).click();
    await expect(olMap(page)).toHaveAttribute("data-benches-visible", "0");
    await expect(popup).toHaveCount(0);
  });

  test(
    "under the map, the list holds the chosen trail's benches in walking order, as the database has them",
    { tag: "@no-js" },
    async ({ page, db, javaScriptEnabled }) => {
      const state = await databaseState(db);
      const benches = benchesOn(state, "green");
      // Another trail's benches (set for it and far from this one) are not offered here.
      expect(benches.length).toBeLessThan(state.benches.length);
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
    },
  );

  test("the map raises no browser error when it is squeezed to nothing and back (as during a full-page capture)", async ({
    page,
  }) => {
    // The map reported its markers' pixels on every render; a map with no size has no pixels, and reading
    // one threw "object null is not iterable" (seen during full-page captures of this page).
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/trails?trail=gold&benches=1");
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.locator(".ol-viewport canvas").first()).toBeVisible();
    await page.evaluate(() => {
      const host = document.querySelector(".ol-viewport")!.parentElement!;
      host.style.width = "0px";
      host.style.height = "0px";
    });
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      const host = document.querySelector(".ol-viewport")!.parentElement!;
      host.style.width = "";
      host.style.height = "";
    });
    await expect(page.locator("[data-rendered=true]")).toHaveCount(1);
    await page.screenshot({ fullPage: true });
    expect(errors).toEqual([]);
  });
});
