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

/** Loads a page and returns the text of every script and stylesheet it fetched. */
async function loadedAssets(page: Page, path: string) {
  const responses: Response[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") responses.push(response);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return Promise.all(responses.map(async (response) => ({ url: response.url(), text: await response.text() })));
}

test.describe("OpenLayers loads only on pages with a map", () => {
  for (const { path, signedIn, scripts } of pagesWithoutMap) {
    test(`${path} loads no OpenLayers code or styles`, async ({ page, javaScriptEnabled }) => {
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      if (signedIn) await signInAsAdmin(page);
      const assets = await loadedAssets(page, path);
      if (javaScriptEnabled) expect(assets.some((asset) => asset.url.endsWith(".js"))).toBe(scripts);
      const withOpenLayers = assets.filter((asset) => asset.text.includes(OPENLAYERS_MARKER)).map((asset) => asset.url);
      expect(withOpenLayers).toEqual([]);
    });
  }

  test("/trails loads the OpenLayers styles, and its code only once the interactive map is asked for", async ({ page, javaScriptEnabled }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInAsAdmin(page);
    const assets = await loadedAssets(page, "/trails");
    const stylesheets = assets.filter((asset) => asset.text.includes(OPENLAYERS_MARKER) && asset.url.endsWith(".css"));
    expect(stylesheets).toHaveLength(1);
    expect(assets.filter((asset) => asset.url.endsWith(".js"))).toEqual([]);
    const asked = await loadedAssets(page, "/trails?map=interactive");
    const scripts = asked.filter((asset) => asset.text.includes(OPENLAYERS_MARKER) && asset.url.endsWith(".js"));
    if (javaScriptEnabled) {
      await expect(page.locator('[data-map="openlayers"] canvas').first()).toBeVisible();
      expect(scripts).toHaveLength(1);
    } else {
      expect(scripts).toEqual([]);
    }
  });
});
