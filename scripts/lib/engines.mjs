// Debian's other browser engines, for the end-to-end flows in WebKit and Gecko (tests/engines/): the
// paths the flows start and the packages `npm test` and `.ci/run` install when they are missing.
// Playwright's own Firefox and WebKit builds cannot be downloaded on these machines.

/** Firefox ESR, driven over WebDriver BiDi (puppeteer-core). */
export const firefoxPath = "/usr/bin/firefox-esr";
/** WebKitGTK's WebDriver, which starts MiniBrowser in automation mode. */
export const webkitDriverPath = "/usr/bin/WebKitWebDriver";
export const miniBrowserPath = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
/** MiniBrowser has no headless mode: it draws into a virtual X display. */
export const xvfbPath = "/usr/bin/Xvfb";

/** [path, Debian package] for each. */
export const enginePackages = [
  [firefoxPath, "firefox-esr"],
  [webkitDriverPath, "webkit2gtk-driver"],
  [xvfbPath, "xvfb"],
];
