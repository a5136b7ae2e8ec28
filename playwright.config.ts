import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testBrowserPath } from "./scripts/lib/chromium.mjs";

// One port per test run, chosen in the runner and inherited by its workers through the environment.
process.env.E2E_PORT ??= String(40_000 + (process.pid % 10_000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// The app under test may play video files from this (stubbed) host, so the video specs can check the
// native player and the CSP's media-src; the app inherits the runner's environment.
process.env.VIDEO_MEDIA_ORIGINS ??= "https://media.example.edu";

/** Admin specs that edit the seeded trails and benches, which the trail map specs compare against. */
const seedEditingSpecs = /(admin-trails|bench-videos|admin-stale-edits|notices)\.spec\.ts$/;
/**
 * The spec that replaces a seeded trail's whole path (and puts it back): after the seed edits too, whose
 * coordinate edits of the same trails it would make stale.
 */
const pathReplacingSpecs = /trail-path-upload\.spec\.ts$/;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: testBrowserPath, args: chromiumFlags },
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  // A trace records every step's DOM and screen: it cost a quarter of the suite's CPU, so it is off;
  // re-run a failing spec with `--trace on` to get one. A failure's screenshot is kept.
  use: { baseURL, trace: "off", screenshot: "only-on-failure" },
  // Every spec runs twice: with JavaScript, and as a browser with scripts off would see it. Tests of
  // what the server answers to bare HTTP requests, where no page runs, say `@server` and run once (in
  // no-js); tests tagged `@scriptless` check a page that ships no script, which a browser renders the
  // same with JavaScript on or off, and run once (in js, where they also assert the page has none).
  projects: [
    { name: "js", testIgnore: [seedEditingSpecs, pathReplacingSpecs], grepInvert: /@server/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", testIgnore: [seedEditingSpecs, pathReplacingSpecs], grepInvert: /@scriptless/, use: { ...chromium, javaScriptEnabled: false } },
    // Specs that change the seeded trails and benches (and undo it) run after the ones that read them.
    { name: "js-seed-edits", testMatch: seedEditingSpecs, dependencies: ["js", "no-js"], use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js-seed-edits", testMatch: seedEditingSpecs, dependencies: ["js", "no-js"], use: { ...chromium, javaScriptEnabled: false } },
    {
      name: "js-path-replace",
      testMatch: pathReplacingSpecs,
      dependencies: ["js-seed-edits", "no-js-seed-edits"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "no-js-path-replace",
      testMatch: pathReplacingSpecs,
      dependencies: ["js-seed-edits", "no-js-seed-edits"],
      use: { ...chromium, javaScriptEnabled: false },
    },
  ],
});
