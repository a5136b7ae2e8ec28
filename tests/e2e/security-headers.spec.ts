import { expect, signInAsAdmin, test } from "./support/fixtures";

test.describe("security headers", () => {
  test("documents carry an enforced nonce-based CSP and the page runs under it without violations", async ({ page, javaScriptEnabled }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // A page with scripts (the landing page has none): the sign-in page.
    const response = await page.goto("/authorization");
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

  test("each document rendered for a request gets a fresh nonce; a stored page without scripts allows none @server", async ({ request }) => {
    const first = (await request.get("/authorization")).headers()["content-security-policy"];
    const second = (await request.get("/authorization")).headers()["content-security-policy"];
    expect(first).not.toBe(second);
    for (let load = 0; load < 3; load++) {
      const about = (await request.get("/about")).headers()["content-security-policy"];
      expect(about).toContain("script-src 'none'");
      expect(about).toContain("frame-ancestors 'none'");
    }
    // Static files too: the hashed bundles under /build and the files in public/.
    const html = await (await request.get("/authorization")).text();
    const bundle = /<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    const stylesheet = /<link[^>]+href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
    expect(bundle).toBeTruthy();
    expect(stylesheet).toBeTruthy();
    for (const path of [bundle!, stylesheet!, "/logo.svg", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      expect(headers["x-powered-by"], path).toBeUndefined();
    }
    for (const path of ["/healthz", "/api/no-such-endpoint"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["content-security-policy"]).toContain("default-src 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

test.describe("location permission", () => {
  test("only the trail map's document may ask for the location, and only for our own origin; the CSP is the same", async ({ page }) => {
    await signInAsAdmin(page);
    const trails = (await page.goto("/trails?trail=gold"))!.headers();
    expect(trails["permissions-policy"]).toContain("geolocation=(self)");
    expect(trails["permissions-policy"]).toContain("camera=()");
    const home = (await page.goto("/userHome"))!.headers();
    expect(home["permissions-policy"]).toContain("geolocation=()");
    // The same directives on both documents: only the nonce differs.
    const withoutNonce = (csp: string) => csp.replace(/'nonce-[^']+'/, "'nonce'");
    expect(withoutNonce(trails["content-security-policy"])).toBe(withoutNonce(home["content-security-policy"]));
    for (const path of ["/about", "/userControlPanel/walks", "/api/trails/trails", "/trails.data"]) {
      const headers = (await page.request.get(path)).headers();
      expect(headers["permissions-policy"], path).toContain("geolocation=()");
    }
  });
});
