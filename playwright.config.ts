import { defineConfig, devices, type Project } from "@playwright/test";
import { chromiumFlags, testBrowserPath } from "./scripts/lib/chromium.mjs";
import { appOrigin, editingSpecs, firstFreePort, emptyStartSpecs, type AppName } from "./tests/e2e/support/apps";

// One port per test run, chosen in the runner and inherited by its workers through the environment.
process.env.E2E_PORT ??= firstFreePort(process.pid);
// The app under test may play video files from this (stubbed) host, so the video specs can check the
// native player and the CSP's media-src; the app inherits the runner's environment.
process.env.VIDEO_MEDIA_ORIGINS ??= "https://media.example.edu";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: testBrowserPath, args: chromiumFlags },
};

/**
 * A set of specs as two projects: every test with JavaScript, and those tagged `@no-js` again without
 * (`@js-only` and `@no-js-only` keep a test to one of the two), each against its app (support/apps.ts).
 */
function projectPair(suffix: string, specs: Pick<Project, "testMatch" | "testIgnore">, [js, noJs]: [AppName, AppName]) {
  return [
    {
      name: `js${suffix}`,
      ...specs,
      grepInvert: /@no-js-only/,
      use: { ...chromium, baseURL: appOrigin(js), javaScriptEnabled: true },
    },
    {
      name: `no-js${suffix}`,
      ...specs,
      grep: /@no-js/,
      grepInvert: /@js-only/,
      use: { ...chromium, baseURL: appOrigin(noJs), javaScriptEnabled: false },
    },
  ];
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  // Three workers on two cores: the run is CPU-bound (browser, app and runner), but a test waiting on a
  // navigation or a mail leaves its core to a third; four took 870 s where two took 727 s (docs/testing.md).
  workers: 3,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Where the time went: the ten slowest spec files, every project's tests summed, printed after the run.
  reporter: [["list"], ["./tests/support/playwright-slowest-files.ts"]],
  reportSlowTests: null,
  outputDir: "test-results",
  // A trace records every step's DOM and screen: it cost a quarter of the suite's CPU, so it is off;
  // re-run a failing spec with `--trace on` to get one. A failure's screenshot is kept.
  use: { trace: "off", screenshot: "only-on-failure" },
  // Every spec runs once, with JavaScript. A test (or describe) tagged `@no-js` runs a second time as a
  // browser with scripts off sees the app: tag the tests whose HTML or behaviour differs without scripts
  // (a form's post and the server's validation, a confirmation, the map's alternatives, a dialog), and
  // every form must have one (docs/testing.md). The specs that change the seeded trails and benches run on
  // apps of their own, one per setting, so all four projects share one pool with no stage between them;
  // they come first, as they hold the longest tests, which would otherwise leave a core idle at the end. The
  // operator's guide runs on apps started empty (`SAMPLE_DATA=false`), one per setting, as well.
  // A flow run once per width takes a mode with it (`EACH_WIDTH_ONCE`): `@js-only` keeps a test out of
  // the runs without JavaScript, `@no-js-only` out of the runs with it.
  projects: [
    ...projectPair("-edits", { testMatch: editingSpecs }, ["edits-js", "edits-no-js"]),
    ...projectPair("-empty", { testMatch: emptyStartSpecs }, ["empty-js", "empty-no-js"]),
    ...projectPair("", { testIgnore: [editingSpecs, emptyStartSpecs] }, ["shared", "shared"]),
  ],
});
