// Debian's Chromium, started the same way by the end-to-end tests (playwright.config.ts), the Lighthouse
// runs of `npm run bench` and the check in `npm test` that it is installed. Playwright cannot download
// its own browser on these machines.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
