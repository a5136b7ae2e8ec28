import type { Page, Response } from "@playwright/test";
import { EACH_WIDTH_ONCE, expect, signInAsAdmin, test } from "./support/fixtures";

/** The script budget for /trails before anyone asks for the interactive map (decision 067). */
const SCRIPT_BUDGET_GZIP_BYTES = 60_000;

/** Every script the page fetches from now on, with the bytes that crossed the wire (compressed). */
function watchScripts(page: Page) {
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  return {
    urls: () => scripts.map((response) => response.url()),
    transferred: async () => {
      let total = 0;
      for (const response of scripts) total += (await response.request().sizes()).responseBodySize;
      return total;
    },
  };
}

const olCanvas = (page: Page) => page.locator('[data-map="openlayers"] canvas').first();
const svgMap = (page: Page) => page.locator('[data-map="svg"]');

test.describe("/trails loads the interactive map only when asked", { tag: "@no-js" }, () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInAsAdmin(page);
  });

  for (const { width, tag } of EACH_WIDTH_ONCE) {
    test(
      `at ${width} px: the server-drawn map and the list come first; Interactive map brings OpenLayers, is remembered, and Simple map forgets it`,
      { tag },
      async ({ page, javaScriptEnabled }) => {
        await page.setViewportSize({ width, height: 900 });
        const scripts = watchScripts(page);
        await page.goto("/trails?trail=gold");
        await page.waitForLoadState("networkidle");
        await expect(svgMap(page).getByRole("img", { name: "Map of the Gold Trail" })).toBeVisible();
        await expect(
          page.getByRole("list", { name: "Benches with videos" }).getByRole("listitem").first(),
        ).toBeVisible();
        // No script at all: the budget is 60 KB, and the page needs none to work.
        expect(scripts.urls()).toEqual([]);
        expect(await scripts.transferred()).toBeLessThanOrEqual(SCRIPT_BUDGET_GZIP_BYTES);
        expect(await page.locator("script").count()).toBe(0);

        if (!javaScriptEnabled) {
          // Without JavaScript the controls that would need it are not offered, and an old link still works.
          await expect(page.getByRole("link", { name: "Interactive map" })).toBeHidden();
          await expect(page.getByRole("link", { name: "Start walk" })).toBeHidden();
          await page.goto("/trails?trail=gold&map=interactive");
          await expect(svgMap(page).getByRole("img", { name: "Map of the Gold Trail" })).toBeVisible();
          await expect(page.locator("canvas")).toHaveCount(0);
          return;
        }

        await page.getByRole("link", { name: "Interactive map" }).click();
        await expect(olCanvas(page)).toBeVisible();
        await expect(svgMap(page)).toHaveCount(0);
        // OpenLayers came in its own chunk, once asked for.
        expect(scripts.urls().length).toBeGreaterThan(0);
        await expect(page.getByRole("link", { name: "Simple map" })).toBeVisible();

        // Remembered: the next /trails comes with the interactive map at once.
        await page.goto("/trails?trail=green");
        await expect(olCanvas(page)).toBeVisible();

        await page.getByRole("link", { name: "Simple map" }).click();
        await expect(svgMap(page).getByRole("img", { name: "Map of the Green Trail" })).toBeVisible();
        await expect(page.locator("canvas")).toHaveCount(0);
        // Forgotten: a fresh load ships no script again.
        const after = watchScripts(page);
        await page.goto("/trails?trail=green");
        await page.waitForLoadState("networkidle");
        await expect(svgMap(page)).toBeVisible();
        expect(after.urls()).toEqual([]);
        await expect(page.getByRole("link", { name: "Interactive map" })).toBeVisible();
      },
    );
  }
});

test("at 390 px: the interactive map comes without a warning, and its zoom buttons leave the Gray Trail clear", async ({
  page,
}) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await signInAsAdmin(page);
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (["warning", "error"].includes(message.type())) warnings.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/trails?trail=gray&map=simple");
  await page.getByRole("link", { name: "Interactive map" }).click();
  const map = page.locator('[data-map="openlayers"]');
  await expect(map).toHaveAttribute("data-rendered", "true");
  await expect(map.locator("canvas").first()).toBeVisible();
  // The drawn trail's box (in the map's pixels) lies clear of the zoom buttons' box.
  const box = (await map.getAttribute("data-trail-box"))!.split(",").map(Number);
  const [mapBox, zoomBox] = await Promise.all([map.boundingBox(), map.locator(".ol-zoom").boundingBox()]);
  const zoom = { left: zoomBox!.x - mapBox!.x, top: zoomBox!.y - mapBox!.y, right: 0, bottom: 0 };
  zoom.right = zoom.left + zoomBox!.width;
  zoom.bottom = zoom.top + zoomBox!.height;
  const [left, top, right, bottom] = box;
  const overlaps = left < zoom.right && right > zoom.left && top < zoom.bottom && bottom > zoom.top;
  expect(overlaps, `trail ${box.join(",")} under zoom ${JSON.stringify(zoom)}`).toBe(false);
  expect(warnings.filter((text) => /No map visible/.test(text))).toEqual([]);
});
