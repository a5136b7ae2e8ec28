import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { admin, expect, signInAsAdmin, signUp, test } from "./support/fixtures";

/** WCAG 2.0 and 2.1, levels A and AA: the bar SPEC and the brief set. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** A page, the status it answers with, and optionally something to do first (e.g. show form errors). */
type PageCheck = { path: string; status?: number; state?: string; act?: (page: Page) => Promise<void> };

const visitorPages: PageCheck[] = [
  { path: "/" },
  { path: "/about" },
  { path: "/privacy" },
  { path: "/trails/gold" },
  { path: "/trails/gray" },
  { path: "/trails/green" },
  {
    path: "/trails/gold",
    state: "on a bench's page",
    act: async (page) => {
      await page.getByRole("link", { name: "Bench 3", exact: true }).click();
      await expect(page.getByText(/You are at Bench \d+ of \d+ on the Gold Trail/)).toBeVisible();
    },
  },
  { path: "/authorization?formType=signin" },
  { path: "/authorization?formType=signup" },
  { path: "/authorization?formType=reset" },
  { path: "/send-reset-link" },
  { path: `/reset/${"f".repeat(64)}` },
  { path: "/no-such-page-for-axe", status: 404 },
  // The error state of a form: messages, aria-invalid and aria-describedby must hold up too.
  {
    path: "/authorization?formType=signup",
    state: "with form errors",
    act: async (page) => {
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
];

const videoPages = ["/bodyWeightExercises", "/strechesForWalking", "/properWalkingTechniques", "/nutritionandHydration", "/injuryPrevention"];

const userPages: PageCheck[] = [
  { path: "/userHome" },
  { path: "/userControlPanel" },
  { path: "/trails" },
  { path: "/trails?trail=gold&benches=1" },
  { path: "/userControlPanel/walks" },
  {
    path: "/userControlPanel/walks",
    state: "with form errors",
    act: async (page) => {
      await page.getByLabel("Date").fill("2999-01-01");
      await page.getByRole("button", { name: "Save walk" }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  ...videoPages.map((path) => ({ path })),
  { path: "/adminHome", status: 403 },
  // Open disclosures show markup the closed state hides: a desktop dropdown, then the mobile menu.
  {
    path: "/userHome",
    state: "with a dropdown open",
    act: async (page) => {
      await page.getByRole("navigation", { name: "Main" }).locator("summary").first().click();
      await expect(page.getByRole("navigation", { name: "Main" }).locator("details[open] a").first()).toBeVisible();
    },
  },
  {
    path: "/userHome",
    state: "with the phone menu open",
    act: async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('summary[aria-label="Menu"]').click();
      await expect(page.locator("details[open] a").first()).toBeVisible();
    },
  },
];

const adminPages: PageCheck[] = [
  { path: "/adminHome" },
  ...["profiles", "videos", "feedback", "trail", "bench"].map((option) => ({ path: `/adminControlPanel?option=${option}` })),
  { path: "/adminAnalytics" },
  { path: "/adminControlPanel/qr-codes" },
  {
    path: "/adminControlPanel?option=bench",
    state: "with a bench's facts open",
    act: async (page) => {
      await page.getByRole("combobox", { name: "Bench", exact: true }).selectOption({ index: 1 });
      await page.getByRole("button", { name: "Show bench" }).click();
      await expect(page.getByRole("form", { name: "Facts shown on the bench's page" })).toBeVisible();
    },
  },
  // A confirmation: a modal dialog with JS, a server-rendered confirm step without. Nothing is confirmed.
  {
    path: "/adminControlPanel?option=trail",
    state: "confirming a deletion",
    act: async (page) => {
      await page.getByRole("button", { name: "Show trail" }).click();
      await page.getByRole("link", { name: "Delete coordinate #2", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
];

/** Loads a page, lets client-only islands settle, and runs axe; returns readable violations. */
async function violationsOn(page: Page, { path, status = 200, act }: PageCheck, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await expect(page.getByRole("main")).toBeVisible();
  if (act) await act(page);
  // Only the map page mounts OpenLayers; the public trail pages (/trails/{slug}) are server-drawn.
  if (javaScriptEnabled && (path === "/trails" || path.startsWith("/trails?"))) {
    // The OpenLayers map is mounted after hydration; check the page as the user ends up seeing it.
    await expect(page.locator(".ol-viewport canvas").first()).toBeVisible();
  }
  // A dialog fades in (the dialog-in animation): axe must judge contrast on what the person ends up
  // seeing, not a frame of the fade, where every colour is still blended with the page behind.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // Guards against a scan that silently checked nothing (e.g. an empty or blocked document).
  expect(results.passes.length, `axe checked rules on ${path}`).toBeGreaterThan(10);
  return results.violations.map((violation) => ({
    page: path,
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")} — ${node.failureSummary ?? ""}`),
  }));
}

/**
 * axe runs as a script in the page, which a browser with scripts off refuses (the evaluate never
 * returns). For the no-js project, axe therefore checks a script-enabled twin of the page (same
 * cookies) that receives the server's HTML as a scriptless browser would render it: every <script>
 * removed and <noscript> content shown.
 */
async function axePage(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return { page, close: async () => {} };
  const browser = page.context().browser()!;
  const origin = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: true, // the test runner would otherwise pass on the project's "off"
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  // Only our documents pass through the test runner (every request it intercepts costs a round trip);
  // styles, images and the scripts' files load directly, and with no <script> left nothing runs them.
  const isDocument = (url: URL) => url.origin === origin && !url.pathname.startsWith("/build/") && !/\.[a-z0-9]+$/i.test(url.pathname);
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

async function expectNoViolations(page: Page, check: PageCheck, javaScriptEnabled: boolean) {
  const checked = await axePage(page, javaScriptEnabled);
  try {
    expect(await violationsOn(checked.page, check, javaScriptEnabled)).toEqual([]);
  } finally {
    await checked.close();
  }
}

const title = (check: PageCheck) => `${check.path}${check.state ? ` ${check.state}` : ""}`;

// One test per page, so a failure names its page and the pages spread over the workers. A scan of a
// large admin page takes seconds of CPU, more when the machine is shared.
test.describe("axe: WCAG 2.1 A/AA on every page", () => {
  test.describe.configure({ timeout: 60_000 });

  for (const check of visitorPages) {
    test(`visitor: ${title(check)}`, async ({ page, javaScriptEnabled }) => {
      await expectNoViolations(page, check, javaScriptEnabled);
    });
  }

  for (const check of userPages) {
    test(`user: ${title(check)}`, async ({ page, javaScriptEnabled }) => {
      await signUp(page);
      await expectNoViolations(page, check, javaScriptEnabled);
    });
  }

  test("user: a video's watch page", async ({ page, javaScriptEnabled }) => {
    await signUp(page);
    await page.goto(videoPages[0]);
    // With JS the card plays inline; without it, it links to the watch page. Either way it names the URL.
    const watch = page.locator('a[href^="/videos/"], form[action^="/videos/"]').first();
    const watchPath = (await watch.getAttribute("href")) ?? (await watch.getAttribute("action"));
    expect(watchPath).toMatch(/^\/videos\/[0-9a-f]{24}/);
    await expectNoViolations(page, { path: watchPath!.split("?")[0] }, javaScriptEnabled);
  });

  for (const check of adminPages) {
    test(`admin: ${title(check)}`, async ({ page, javaScriptEnabled }) => {
      await signInAsAdmin(page);
      await expectNoViolations(page, check, javaScriptEnabled);
    });
  }
});

/** Presses Tab until `target` has focus (or gives up), like a keyboard user moving through the page. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const focusedIsInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement) && element !== document.activeElement);

test.describe("keyboard only", () => {
  test("sign in, choose a trail and reach its benches", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/authorization?formType=signin");
    await tabTo(page, page.getByLabel("Email", { exact: true }));
    await page.keyboard.type(admin.email);
    await tabTo(page, page.getByLabel("Password", { exact: true }), 5);
    await page.keyboard.type(admin.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname !== "/authorization");

    await page.goto("/trails?benches=1");
    await tabTo(page, page.getByRole("navigation", { name: "Trails" }).getByRole("link", { name: /^Gold/ }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("trail") === "gold");
    await expect(page.getByRole("navigation", { name: "Trails" }).getByRole("link", { name: /^Gold/ })).toHaveAttribute("aria-current", "true");

    // The bench list is the map's text alternative: its links must be reachable with Tab alone.
    const benchList = page.getByRole("list", { name: "Benches with videos" });
    await expect(benchList).toBeVisible();
    let reached = false;
    for (let presses = 0; presses < 80 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await focusedIsInside(benchList);
    }
    expect(reached, "a link in the bench list gets keyboard focus").toBe(true);
  });

  test("admin edits a bench's location", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    // 700–749 with JS, 750–799 without: the two projects never share a bench.
    const number = (javaScriptEnabled ? 700 : 750) + Math.floor(Math.random() * 50);
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=bench");
    const create = page.getByRole("form", { name: "Create a bench" });
    await create.getByLabel("Bench number").fill(String(number));
    await create.getByLabel("Location").fill(`Keyboard bench ${number}`);
    await create.getByLabel("Latitude").fill("33.9812");
    await create.getByLabel("Longitude").fill("-84.0049");
    await create.getByRole("button", { name: "Create Bench" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bench #${number} created.` })).toBeVisible();

    try {
      const edit = page.getByRole("form", { name: `Edit bench #${number}` });
      const location = edit.getByLabel("Location");
      await tabTo(page, location, 120);
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(`Keyboard bench ${number}, east side`);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: `Bench #${number} updated.` })).toBeVisible();
      await page.reload();
      await expect(edit.getByLabel("Location")).toHaveValue(`Keyboard bench ${number}, east side`);
    } finally {
      // Leave the seeded bench list as other specs expect it.
      await page.goto(`/adminControlPanel?option=bench`);
      const choice = page.getByRole("combobox", { name: "Bench", exact: true });
      await choice.selectOption({ label: (await choice.locator("option", { hasText: `#${number} ` }).textContent())!.trim() });
      await page.getByRole("button", { name: "Show bench" }).click();
      await page
        .getByRole("form", { name: `Edit bench #${number}` })
        .getByRole("link", { name: "Delete", exact: true })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: `Bench #${number} deleted.` })).toBeVisible();
    }
  });
});
