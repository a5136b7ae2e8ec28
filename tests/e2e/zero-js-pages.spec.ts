import { expect, signIn, signOut, test, createUserViaSignup } from "./support/fixtures";

// Pages whose behaviour is complete without JavaScript ship none: not a script tag, not a preload.
const scriptFreePages = ["/", "/about", "/privacy", "/no-such-page"];

test.describe("pages without JavaScript", () => {
  test("the landing page, About, Privacy and 404 load no script at all, and their policy allows none", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const path of scriptFreePages) {
      const response = await page.goto(path);
      expect(response!.status()).toBe(path === "/no-such-page" ? 404 : 200);
      const html = await response!.text();
      expect(html, path).not.toMatch(/<script/i);
      expect(html, path).not.toContain("modulepreload");
      await expect(page.locator("script")).toHaveCount(0);
      // The visitors' pages are stored by the page cache and allow no script at all (decision 062); the
      // 404, rendered per request, allows only scripts with its nonce.
      expect(response!.headers()["content-security-policy"]).toMatch(path === "/no-such-page" ? /script-src 'self' 'nonce-[^']+'/ : /script-src 'none'/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(scripts).toEqual([]);
  });

  test("their menus, links and flash message work without scripts", async ({ page, browser }) => {
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

  test("other pages keep their enhancements, also when reached from a page without scripts", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/authorization$/);
    const response = await page.request.get("/authorization");
    expect(await response.text()).toMatch(/<script/);
    if (javaScriptEnabled) {
      // Hydrated: the router runs, and a client-side visit to About keeps it running.
      await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "About Walking Trails" })).toBeVisible();
      expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
    }
  });
});
