import { defineConfig } from "@playwright/test";
import { firstFreePort } from "./tests/e2e/support/apps";
import type { EngineOptions } from "./tests/engines/support/fixtures";

// The end-to-end flows in the other engines a student carries: WebKit (every iPhone browser) and Gecko
// (Firefox). Playwright only runs the tests here; each engine is Debian's own, driven over WebDriver
// (docs/decisions/070-other-engines-through-webdriver.md). The app, mail and database come from the same
// global setup as the Chromium suite.
process.env.E2E_PORT ??= firstFreePort(process.pid);

export default defineConfig<EngineOptions>({
  testDir: "tests/engines",
  globalSetup: "./tests/engines/support/global-setup.ts",
  // One worker per engine, each starting its browser once; every flow is one test of one file, so a
  // project's tests stay in its worker.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // WebKit under Xvfb paints in software, and these machines are shared: waits are generous, never timed.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["./tests/engines/support/engine-summary.ts"]],
  outputDir: "test-results/engines",
  projects: [
    { name: "webkit", grepInvert: /@no-js/, use: { engine: "webkit", javaScript: true } },
    { name: "gecko", grepInvert: /@no-js/, use: { engine: "gecko", javaScript: true } },
    // JavaScript off as a person turns it off in Firefox (the javascript.enabled preference).
    { name: "gecko-no-js", grep: /@no-js/, use: { engine: "gecko", javaScript: false } },
  ],
});
