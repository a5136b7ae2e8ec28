import type { Page, Response } from "@playwright/test";

import { expect, signInAsAdmin, test } from "./support/fixtures";

// A class name OpenLayers' Map code and ol.css both contain, and nothing else of ours uses.
const OPENLAYERS_MARKER = "ol-viewport";

/** Pages that must stay free of OpenLayers: the landing page and the video pages (which load no script at all). */
const pagesWithoutMap: { path: string; signedIn: boolean; scripts: boolean }[] = [
  { path: "/", signedIn: false, scripts: false },
  { path: "/bodyWeightExercises", signedIn: true, scripts: false },
  { path: "/nutritionandHydration", signedIn: true, scripts: false },
  // A page with scripts that has no map either.
  { path: "/userHome", signedIn: true, scripts: true },
];

/** Every script and stylesheet the page fetches from now on; `texts()` reads those fetched so far. */
function watchAssets(page: Page) {
  const responses: Response[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") responses.push(response);
  });
  return {
    texts: () => Promise.all(responses.map(async (response) => ({ url: response.url(), text: await response.text() }))),
  };
}

/** Loads a page and returns the text of every script and stylesheet it fetched. */
async function loadedAssets(page: Page, path: string) {
  const assets = watchAssets(page);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return assets.texts();
}

test.describe("OpenLayers loads only on pages with a map", () => {
  for (const { path, signedIn, scripts } of pagesWithoutMap) {
    test(`${path} loads no OpenLayers code or styles`, async ({ page }) => {
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      if (signedIn) await signInAsAdmin(page);
      const assets = await loadedAssets(page, path);
      expect(assets.some((asset) => asset.url.endsWith(".js"))).toBe(scripts);
      const withOpenLayers = assets.filter((asset) => asset.text.includes(OPENLAYERS_MARKER)).map((asset) => asset.url);
      expect(withOpenLayers).toEqual([]);
    });
  }

  test(
    "/trails loads no OpenLayers code or styles until the interactive map is asked for",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await signInAsAdmin(page);
      const assets = await loadedAssets(page, "/trails");
      expect(assets.filter((asset) => asset.text.includes(OPENLAYERS_MARKER)).map((asset) => asset.url)).toEqual([]);
      expect(assets.filter((asset) => asset.url.endsWith(".js"))).toEqual([]);
      const watched = watchAssets(page);
      await page.goto("/trails?map=interactive");
      await page.waitForLoadState("networkidle");
      let asked = await watched.texts();
      const withOpenLayers = (extension: string) =>
        asked.filter((asset) => asset.text.includes(OPENLAYERS_MARKER) && asset.url.endsWith(extension));
      if (javaScriptEnabled) {
        const controls = page.locator('[data-map="openlayers"] .ol-zoom-in');
        await expect(controls).toBeVisible();
        // The chunk is asked for after hydration, which a busy machine may reach after the network first fell idle.
        asked = await watched.texts();
        // Styled when it appears: ol.css places the zoom buttons in the map's corner, absolutely.
        expect(await controls.evaluate((button) => getComputedStyle(button.closest(".ol-zoom")!).position)).toBe(
          "absolute",
        );
        expect(withOpenLayers(".js")).toHaveLength(1);
        expect(withOpenLayers(".css")).toHaveLength(1);
      } else {
        expect(withOpenLayers(".js")).toEqual([]);
        expect(withOpenLayers(".css")).toEqual([]);
      }
    },
  );
});
