import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import { firefoxPath } from "../../../scripts/lib/engines.mjs";
import type { EnginePage, Launch } from "./engine";
import { findTarget, PROBLEMS_KEY, takeProblems, watchForProblems, type Seen, type Target } from "./in-page";

/**
 * Debian's Firefox ESR over WebDriver BiDi. JavaScript is turned off the way a person does it, with the
 * `javascript.enabled` preference, in a browser of its own.
 */
export const launchGecko: Launch = async ({ baseURL, javaScript }) => {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
    extraPrefsFirefox: { "javascript.enabled": javaScript },
  });
  const contexts = new WeakMap<EnginePage, () => Promise<void>>();
  return {
    async open() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const reported: string[] = [];
      // The engine's own log: uncaught errors, and Gecko reports a CSP violation there as an error too.
      page.on("pageerror", (error) => {
        const message = error instanceof Error ? error.message : String(error);
        if (!offline(message, baseURL)) reported.push(`page error: ${message}`);
      });
      page.on("console", (message) => {
        if (message.type() === "error") reported.push(`console error: ${message.text()}`);
      });
      // And the page's own events, from the start of every document (a WebDriver BiDi preload script).
      await page.evaluateOnNewDocument(watchForProblems, PROBLEMS_KEY);
      const enginePage = geckoPage(page, baseURL, javaScript, reported);
      contexts.set(enginePage, () => context.close());
      return enginePage;
    },
    async release(page) {
      await contexts.get(page)?.();
    },
    close: () => browser.close(),
  };
};

/**
 * Gecko logs a request to another host that got no answer at all as "Cross-Origin Request Blocked ...
 * (Reason: CORS request did not succeed)". These machines have no internet, so the map's tiles never
 * come: that is the network, not a policy or the app. A refused answer (any other reason) still counts.
 */
function offline(message: string, baseURL: string) {
  const noAnswer = /^Cross-Origin Request Blocked: .* at (\w+:\/\/[^/]+)\/\S* \(Reason: CORS request did not succeed/;
  const failed = noAnswer.exec(message);
  return !!failed && failed[1] !== new URL(baseURL).origin;
}

function geckoPage(page: Page, baseURL: string, javaScript: boolean, reported: string[]): EnginePage {
  const element = async (target: Target) => {
    const handle = await page.evaluateHandle(findTarget, target, false);
    const found = handle.asElement() as ElementHandle<Element> | null;
    if (!found) throw new Error(`gecko: nothing on ${page.url()} matches ${JSON.stringify(target)}`);
    return found;
  };
  return {
    engine: "gecko",
    javaScript,
    async goto(path) {
      await page.goto(new URL(path, baseURL).href, { waitUntil: "load" });
    },
    async url() {
      return new URL(page.url());
    },
    inspect: (target) => page.evaluate(findTarget, target, true) as Promise<Seen | null>,
    async click(target) {
      // A real mouse press at the element's middle. puppeteer's own ElementHandle.click first waits for an
      // IntersectionObserver in the page, whose callback never runs with JavaScript off.
      const handle = await element(target);
      await handle.evaluate((node) => node.scrollIntoView({ block: "center", inline: "center" }));
      const box = await handle.boundingBox();
      if (!box) throw new Error(`gecko: ${JSON.stringify(target)} has no box to click`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    async fill(target, value) {
      const control = await element(target);
      await control.evaluate((input) => (input as HTMLInputElement).select());
      if (value) await control.type(value);
      else await control.press("Backspace");
    },
    async select(target, option) {
      const control = await element(target);
      const value = await control.evaluate(
        (select, text) => [...(select as HTMLSelectElement).options].find((item) => item.text.trim() === text)?.value,
        option,
      );
      if (value === undefined) throw new Error(`gecko: no option "${option}" in ${JSON.stringify(target)}`);
      await control.select(value);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async clickAt(x, y) {
      await page.mouse.click(x, y);
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    async setViewport(width, height) {
      await page.setViewport({ width, height });
    },
    async addCookies(cookies) {
      const domain = new URL(baseURL).hostname;
      await page.browserContext().setCookie(...cookies.map((cookie) => ({ ...cookie, domain, path: "/" })));
    },
    async takeProblems() {
      const seen = page.url().startsWith(baseURL) ? await page.evaluate(takeProblems, PROBLEMS_KEY) : [];
      return [...reported.splice(0), ...seen];
    },
  };
}
