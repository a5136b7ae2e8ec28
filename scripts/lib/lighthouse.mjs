// Lighthouse performance runs for `npm run bench`: the default config (the mobile preset: Moto G Power
// viewport, simulated slow 4G and 4x CPU slowdown), performance category only, several runs per page
// because scores on these shared machines vary from run to run.
import { accessSync, constants } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";

// Lighthouse's own pass mark for an audit. Diagnostics score 0 when they estimate metric savings and
// 0.5 when they flag something without an estimated effect on the metrics.
const FAILED_BELOW = 0.9;

function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const failing = lhr.categories.performance.auditRefs
    .filter((ref) => ref.group === "diagnostics")
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < FAILED_BELOW && a.scoreDisplayMode !== "informative")
    .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue ?? "" }));
  return {
    score: lhr.categories.performance.score,
    lcp: audit("largest-contentful-paint").numericValue,
    cls: audit("cumulative-layout-shift").numericValue,
    fcp: audit("first-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    failing,
  };
}

/**
 * Runs Lighthouse `runs` times on each page and returns, per page, the median run by performance score:
 * `{ path, runs, failedRuns, error, score, lcp, cls, fcp, tbt, failing }` (times in ms; `error`
 * is the last failed run's message), or only `{ path, failedRuns, error }` when no run produced a score. One Chromium serves every run (Lighthouse opens and closes a tab per run and
 * clears the origin's caches, so each run is a cold load).
 */
export async function lighthouseMedians(baseUrl, pages, runs) {
  // chrome-launcher emits a missing binary as an unhandled 'error' event that kills the process: check first.
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH, or apt-get install chromium)`);
  }
  // chrome-launcher, unlike Playwright, does not add the headless flag itself.
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumFlags],
    logLevel: "silent",
  });
  try {
    const results = [];
    for (const { path, headers } of pages) {
      const scored = [];
      const errors = [];
      // One spare attempt per page: on a busy machine a run now and then loses its trace (NO_NAVSTART).
      for (let attempt = 0; scored.length < runs && attempt <= runs; attempt++) {
        try {
          const result = await lighthouse(new URL(path, baseUrl).href, {
            port: chrome.port,
            onlyCategories: ["performance"],
            // Sent with every request of the page (a signed-in page needs the session cookie).
            extraHeaders: headers ?? null,
            logLevel: "error",
          });
          const lhr = result?.lhr;
          // A page that failed to load (e.g. NO_FCP) still yields a report, with a runtimeError and no score.
          if (lhr?.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          if (typeof lhr?.categories.performance.score !== "number") throw new Error("no performance score");
          scored.push(lhr);
        } catch (error) {
          errors.push(error?.message ?? String(error));
        }
      }
      const failures = { failedRuns: errors.length, error: errors.at(-1) };
      if (!scored.length) {
        results.push({ path, ...failures });
        continue;
      }
      scored.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const median = scored[Math.floor((scored.length - 1) / 2)];
      results.push({ path, runs: scored.length, ...failures, ...summarise(median) });
    }
    return results;
  } finally {
    // Synchronous: SIGKILLs Chromium's process group; its temporary profile goes when it has exited.
    chrome.kill();
  }
}
