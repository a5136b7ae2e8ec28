import type { Page } from "@playwright/test";
import { adminOptions, exerciseLinks } from "../../app/lib/navigation";
import { expect, signInAsAdmin, signUp, test } from "./support/fixtures";

const PHONE = { width: 390, height: 844 };
/** WCAG 2.2's minimum target (2.5.8), in CSS pixels; our buttons and most links are 44. */
const MIN_TARGET_PX = 24;

/**
 * Every visible link, button and form control smaller than 24 × 24 px, as "what (width × height)". A
 * link inside a sentence (three words or more of text around it in its paragraph) is left out: WCAG
 * 2.5.8 exempts it, as its height is the line's. Nothing else is: a standalone link under a form, in a
 * breadcrumb or at the foot of the page must be a target of its own size, with no credit for the space
 * around it. A control hidden until focused (the skip link) is measured focused.
 */
async function smallTargets(page: Page) {
  return page.evaluate((min) => {
    const measure = (element: HTMLElement) => element.getBoundingClientRect();
    const inSentence = (element: HTMLElement) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && ["inline", "contents"].includes(getComputedStyle(block).display)) block = block.parentElement;
      if (!block) return false;
      const rest = block.cloneNode(true) as HTMLElement;
      rest.querySelectorAll("a").forEach((link) => link.remove());
      return (rest.textContent?.match(/\p{L}+/gu) ?? []).length >= 3;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [tabindex="0"]',
    );
    const small: string[] = [];
    let measured = 0;
    for (const element of controls) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      let box = measure(element);
      if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) continue; // moved off the page (the honeypot field)
      if (box.width <= 1 || box.height <= 1) {
        element.focus();
        box = measure(element);
        element.blur();
        if (box.width <= 1 || box.height <= 1) continue; // visually hidden, and stays so
      }
      measured++;
      if ((box.width < min || box.height < min) && !inSentence(element)) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
        small.push(`${element.tagName.toLowerCase()} "${name}" (${Math.round(box.width)} × ${Math.round(box.height)})`);
      }
    }
    return { small, measured };
  }, MIN_TARGET_PX);
}

/** The pages that swap their drawn map for OpenLayers once they have hydrated (/trails once asked), with its zoom buttons. */
const hasInteractiveMap = (path: string) => /^\/trails\?.*map=interactive/.test(path) || path.includes("option=trail");

/** Each page at a phone's width, and optionally a state of it (an open menu); collects every small target. */
async function sweep(page: Page, javaScriptEnabled: boolean, paths: (string | { path: string; state: string; act: (page: Page) => Promise<void> })[]) {
  await page.setViewportSize(PHONE);
  const found: string[] = [];
  for (const entry of paths) {
    const { path, state, act } = typeof entry === "string" ? { path: entry, state: "", act: undefined } : entry;
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    if (javaScriptEnabled && hasInteractiveMap(path)) await expect(page.locator(".ol-zoom-in")).toBeVisible();
    if (act) await act(page);
    const { small, measured } = await smallTargets(page);
    // Guards against a sweep that silently measured nothing: every page has a header, a footer and a form or links.
    expect(measured, `targets measured on ${path}`).toBeGreaterThan(3);
    found.push(...small.map((target) => `${path}${state ? ` ${state}` : ""}: ${target}`));
  }
  expect(found).toEqual([]);
}

const withMenuOpen = (path: string) => ({
  path,
  state: "with the menu open",
  act: async (page: Page) => {
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
  },
});

test.describe("every link and control is at least 24 × 24 px on a phone", () => {
  test("visitor pages", async ({ page, javaScriptEnabled }) => {
    await page.goto("/trails/gold");
    const bench = await page.locator('a[href^="/benches/"]').first().getAttribute("href");
    await sweep(page, javaScriptEnabled, [
      "/",
      withMenuOpen("/"),
      "/about",
      "/privacy",
      "/trails/gold",
      bench!,
      "/authorization?formType=signin",
      "/authorization?formType=signup",
      "/authorization?formType=reset",
      "/send-reset-link",
      `/reset/${"f".repeat(64)}`,
      `/signin-link/${"f".repeat(43)}`,
      "/no-such-page",
    ]);
  });

  test("User pages, with a walk in the log", { tag: "@no-js" }, async ({ page, javaScriptEnabled }) => {
    await signUp(page);
    const trails = (await (await page.request.get("/api/trails/trails")).json()) as { _id: string }[];
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
    const logged = await page.request.post("/api/walks", {
      headers: { "X-XSRF-TOKEN": xsrf },
      data: { trailId: trails[0]._id, date: "2026-11-20", durationMinutes: 45, distanceMiles: 1.25 },
    });
    expect(logged.status()).toBe(201);
    const videos = (await (await page.request.get("/api/video/videos")).json()) as { _id: string }[];
    await sweep(page, javaScriptEnabled, [
      "/userHome",
      withMenuOpen("/userHome"),
      "/userControlPanel",
      "/userControlPanel/walks",
      "/trails",
      "/trails?trail=gold&benches=1",
      "/trails?trail=gold&benches=1&map=interactive",
      ...exerciseLinks.map((link) => link.to),
      `/videos/${videos[0]._id}`,
    ]);
  });

  test("Admin pages, a trail and a bench chosen", { tag: "@no-js" }, async ({ page, javaScriptEnabled }) => {
    await signInAsAdmin(page);
    const benches = (await (await page.request.get("/api/bench/benches")).json()) as { _id: string; videos: unknown[] }[];
    await sweep(page, javaScriptEnabled, [
      "/adminHome",
      "/adminAnalytics",
      ...adminOptions.map((option) => `/adminControlPanel?option=${option}`),
      "/adminControlPanel?option=trail&trail=673e9addbf9ebe061ef810c1",
      `/adminControlPanel?option=bench&bench=${benches.find((bench) => bench.videos.length > 0)!._id}`,
    ]);
  });

  test("the landing page's map legend reads at 12 px or more", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const image = page.getByRole("img", { name: /^Map of the Gold, Green and Gray trails/ });
    const svg = await (await page.request.get((await image.getAttribute("src"))!)).text();
    for (const name of ["Gold Trail", "Green Trail", "Gray Trail", "Benches"]) expect(svg).toContain(`>${name}</text>`);
    // The legend's letters are drawn in the image's units; on screen they shrink with the image.
    const drawnWidth = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)![1]);
    const shownWidth = (await image.boundingBox())!.width;
    const fontSizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(fontSizes.length).toBeGreaterThan(0);
    for (const size of fontSizes) expect((size * shownWidth) / drawnWidth).toBeGreaterThanOrEqual(12);
  });
});
