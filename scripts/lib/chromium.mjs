// Debian's Chromium, started the same way by the end-to-end tests (playwright.config.ts), the Lighthouse
// runs of `npm run bench`, `npm run screenshots` and the check in `npm test` that it is installed.
// Playwright cannot download its own browser on these machines.
import { existsSync } from "node:fs";

/** The full browser: Lighthouse and the screenshots measure and show what a person's Chromium does. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The end-to-end tests prefer Debian's chromium-headless-shell (the same Blink and V8 without the
 * browser's UI layer): on these 2-core machines the full browser spent half the suite's CPU on its
 * browser and GPU processes. CHROMIUM_PATH overrides both.
 */
export const headlessShellPath = "/usr/lib/chromium/chromium-headless-shell";
export const testBrowserPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

// Without the background-networking flags Chromium keeps dialling Google services, which the closed
// network here refuses, and those failures end up in test traces and Lighthouse runs. Running as root
// in a container needs --no-sandbox, and a small /dev/shm needs --disable-dev-shm-usage.
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
