import { expect, test } from "./support/fixtures";

// The headers themselves (the nonce-based CSP, its fresh nonce per document, the baseline on static files,
// where the location may be asked for) need no browser: tests/integration/server-answers.test.ts. What
// only a browser shows is that the page's own scripts run under the policy.
test.describe("security headers", () => {
  test("a document's nonce-based CSP lets its scripts run: it hydrates, navigates, and the console reports no violation", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // A page with scripts (the landing page has none): the sign-in page.
    const response = await page.goto("/authorization");
    expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    // Hydration happened: client navigation works under the policy.
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "About Walking Trails" })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
