import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { expect, type Page } from "@playwright/test";
import { appUrl } from "./fixtures";

/**
 * What every axe run of the suite checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds the 24 px
 * target size), axe's best practices (heading order, landmarks, …), whatever a finding's impact, and the
 * rules axe-core calls experimental. axe-core leaves an experimental rule out even when its WCAG tag is
 * asked for: with the WCAG tags alone, `label-content-name-mismatch` (WCAG 2.5.3, Label in Name) never
 * ran, and without `best-practice` neither did `heading-order`.
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];

/** axe-core's minified build: the code @axe-core/playwright's AxeBuilder (used here before) sends, in 0.6 MB instead of 1.3. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeWindow = {
  axe?: { run: (context: Document, options: object) => Promise<AxeResults>; configure: (spec: object) => void };
};

/**
 * axe, configured as above, for one page. It runs in the page itself, as AxeBuilder's legacy mode does:
 * two to three times faster than AxeBuilder's default, which runs axe in every frame and then finishes in
 * a new blank page, at the price of cross-origin frames, which it skips. Our pages have none until a
 * video is played, and `expectNoFrames` holds the sweep to that.
 *
 * axe-core is put in the page once per document, not per scan: AxeBuilder's `analyze()` sends and
 * evaluates its 1.3 MB source twice on every call, which cost more than a small page's scan itself, and
 * the sweep scans each page at two widths. The run is the one AxeBuilder's legacy mode makes:
 * `axe.run(document, options)` with the same `configure` (same-origin frames only), with the tags below.
 *
 * Only violations are reported node by node (`resultTypes`): axe then describes one element, not every
 * element, of each rule that passed or could not decide, and working out a CSS selector for every
 * passing element was half of a scan's time on the admin pages. Which rules run, and what a violation
 * reports, is the same; `passes` still lists every rule that passed.
 */
export function axeOn(page: Page, tags: string[] = AXE_TAGS) {
  return {
    analyze: async () => {
      const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === "function");
      if (!present) {
        await page.evaluate(axeSource);
        await page.evaluate(() =>
          (window as AxeWindow).axe!.configure({
            allowedOrigins: ["<same_origin>"],
            branding: { application: "playwright" },
          }),
        );
      }
      return page.evaluate((options) => (window as AxeWindow).axe!.run(document, options), {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      } as object) as Promise<AxeResults>;
    },
  };
}

/** axe in legacy mode cannot look into another origin's frame: a page it checks must have none. */
export async function expectNoFrames(page: Page) {
  expect(
    page
      .frames()
      .filter((frame) => frame !== page.mainFrame())
      .map((frame) => frame.url()),
    `frames on ${page.url()}`,
  ).toEqual([]);
}

/**
 * axe runs as a script in the page, which a browser with scripts off refuses (the evaluate never
 * returns). For the no-js project, axe therefore checks a script-enabled twin of the page (same
 * cookies) that receives the server's HTML as a scriptless browser would render it: every <script>
 * removed and <noscript> content shown.
 */
export async function axePage(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return { page, close: async () => {} };
  const browser = page.context().browser()!;
  const origin = appUrl();
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: true, // the test runner would otherwise pass on the project's "off"
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  // Only our documents pass through the test runner (every request it intercepts costs a round trip);
  // styles, images and the scripts' files load directly, and with no <script> left nothing runs them.
  const isDocument = (url: URL) =>
    url.origin === origin && !url.pathname.startsWith("/build/") && !/\.[a-z0-9]+$/i.test(url.pathname);
  await context.route(isDocument, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = (await response.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
      .replace(/<\/?noscript>/gi, "");
    return route.fulfill({ response, body });
  });
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * axe finds nothing on the page as it stands; without JavaScript, on a script-enabled twin of the same
 * address that sees the server's HTML with its scripts removed (axe cannot run where scripts are off).
 */
export async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  await expectNoFrames(page);
  const twin = await axePage(page, javaScriptEnabled);
  try {
    if (!javaScriptEnabled) await twin.page.goto(page.url());
    const results = await axeOn(twin.page).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
      `axe on ${page.url()}`,
    ).toEqual([]);
  } finally {
    await twin.close();
  }
}
