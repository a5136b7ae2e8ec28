import type { Page, Response } from "@playwright/test";
import { expect, signIn, signOut, signUp, test, createUserViaSignup } from "./support/fixtures";
import { videoPages } from "./support/videos";

// Pages whose behaviour is complete without JavaScript ship none: not a script tag, not a preload.
const scriptFreePages = ["/", "/about", "/privacy", "/no-such-page"];

/** Every script the page requests (a <script src>, a module preload, an import), from here on. */
function scriptRequests(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

/** A document with no script of any kind: no <script> tag (inline or not), no module preload. */
async function expectNoScript(
  page: Page,
  response: Response | null,
  path: string,
  policy = /script-src 'self' 'nonce-[^']+'/,
) {
  const html = await response!.text();
  expect(html, path).not.toMatch(/<script/i);
  expect(html, path).not.toContain("modulepreload");
  await expect(page.locator("script")).toHaveCount(0);
  // Scripts stay forbidden unless they carry the document's nonce; the visitors' pages the page cache
  // stores allow none at all (decision 062).
  expect(response!.headers()["content-security-policy"], path).toMatch(policy);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.describe("pages without JavaScript", () => {
  // These hold the pages to shipping no script in a browser with JavaScript on, where a script would load
  // and run; with it off they would see the same HTML and prove less, so they run once, with it.
  test("the landing page, About, Privacy and 404 load no script at all, and their policy allows none (the 404: only its nonce's)", async ({
    page,
  }) => {
    const scripts = scriptRequests(page);
    for (const path of scriptFreePages) {
      const response = await page.goto(path);
      const notFound = path === "/no-such-page";
      expect(response!.status()).toBe(notFound ? 404 : 200);
      await expectNoScript(page, response, path, notFound ? /script-src 'self' 'nonce-[^']+'/ : /script-src 'none'/);
    }
    expect(scripts).toEqual([]);
  });

  test("the five video libraries and the watch page load no script, also with a player shown", async ({ page }) => {
    await signUp(page);
    const scripts = scriptRequests(page);
    for (const { path } of videoPages) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(200);
      await expectNoScript(page, response, path);
      await expect(page.getByRole("article").first()).toBeVisible();
    }
    const videoId = (await page.getByRole("article").first().getAttribute("id"))!.replace("video-", "");
    const topic = videoPages[videoPages.length - 1].path;
    // The player's frame is the video host's (this machine has no internet): a stand-in page answers for it.
    await page.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
    );
    for (const path of [`${topic}?play=${videoId}`, `/videos/${videoId}`, `/videos/${videoId}?play=1`]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(200);
      await expectNoScript(page, response, path);
    }
    expect(scripts).toEqual([]);
  });

  test("a trail's and a bench's public page with no notice due, and My Walks, load no script (decision 064)", async ({
    page,
  }) => {
    const publicScripts = scriptRequests(page);
    const trail = await page.goto("/trails/gold");
    // Stored for visitors (decision 062): with no script, the policy allows none.
    await expectNoScript(page, trail, "/trails/gold", /script-src 'none'/);
    const benchPath = (await page
      .getByRole("main")
      .getByRole("link", { name: /^Bench \d+$/ })
      .first()
      .getAttribute("href"))!;
    await expectNoScript(page, await page.goto(benchPath), benchPath, /script-src 'none'/);
    expect(publicScripts).toEqual([]);
    await signUp(page);
    const ownScripts = scriptRequests(page);
    await expectNoScript(page, await page.goto("/userControlPanel/walks"), "/userControlPanel/walks");
    expect(ownScripts).toEqual([]);
  });

  test("their menus, links and flash message work without scripts", { tag: "@no-js" }, async ({ page, browser }) => {
    const user = await createUserViaSignup(browser, "nojs");
    await signIn(page, user.email, user.password);
    await signOut(page);
    // Signed out onto the landing page: the flash message is shown (with nothing to dismiss it that could fail).
    await expect(page.getByRole("status")).toContainText("You have been signed out.");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/about");
    await page.locator("summary", { hasText: "Menu" }).click();
    await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  });

  test("other pages keep their enhancements, also when reached from a page without scripts", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/authorization$/);
    const response = await page.request.get("/authorization");
    expect(await response.text()).toMatch(/<script/);
    // Hydrated: the router runs, and a client-side visit to About keeps it running.
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "About Walking Trails" })).toBeVisible();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
  });
});
