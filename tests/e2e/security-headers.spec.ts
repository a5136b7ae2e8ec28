import { expect, test } from "./support/fixtures";

test.describe("security headers", () => {
  test("documents carry an enforced nonce-based CSP and the page runs under it without violations", async ({ page, javaScriptEnabled }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-powered-by"]).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await response!.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    if (javaScriptEnabled) {
      // Hydration happened: client navigation works under the policy.
      await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "About Walking Trails" })).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test("each document gets a fresh nonce; JSON answers are locked down too", async ({ request }) => {
    const first = (await request.get("/about")).headers()["content-security-policy"];
    const second = (await request.get("/about")).headers()["content-security-policy"];
    expect(first).not.toBe(second);
    for (const path of ["/healthz", "/api/no-such-endpoint"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["content-security-policy"]).toContain("default-src 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});
