import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { Readable } from "node:stream";
import { remote } from "webdriverio";
import { miniBrowserPath, webkitDriverPath, xvfbPath } from "../../../scripts/lib/engines.mjs";
import type { EnginePage, Launch } from "./engine";
import { findTarget, PROBLEMS_KEY, takeProblems, watchForProblems, type Seen, type Target } from "./in-page";

/** A free TCP port on the loopback interface, for WebKitWebDriver to listen on. */
async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Xvfb on the first free display; it writes the display's number to the descriptor it is given. */
async function startXvfb() {
  const xvfb = spawn(xvfbPath, ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = "";
    (xvfb.stdio[3] as Readable).on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(`:${text.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}) before it had a display`)));
  });
  return { xvfb, display };
}

async function waitForDriver(port: number, driver: ChildProcess) {
  for (let tries = 0; tries < 300; tries++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("WebKitWebDriver did not answer within 30 s");
}

/**
 * WebKitGTK's MiniBrowser, started by WebKitWebDriver under Xvfb. The driver speaks classic WebDriver
 * only: one window for the whole run, and no script at a document's start, so the watch for errors and
 * CSP violations starts with the first query in each document (docs/testing.md says what that misses).
 */
export const launchWebKit: Launch = async ({ baseURL, javaScript }) => {
  const { xvfb, display } = await startXvfb();
  const port = await freePort();
  const env = { ...process.env, DISPLAY: display };
  const driver = spawn(webkitDriverPath, [`--port=${port}`], { stdio: "ignore", env });
  const stop = () => {
    driver.kill();
    xvfb.kill();
  };
  try {
    await waitForDriver(port, driver);
    const browser = await remote({
      hostname: "127.0.0.1",
      port,
      path: "/",
      logLevel: "error",
      connectionRetryTimeout: 120_000,
      capabilities: {
        browserName: "MiniBrowser",
        // This driver has no WebDriver BiDi: ask for the classic protocol, or the session is refused.
        "wdio:enforceWebDriverClassic": true,
        "webkitgtk:browserOptions": {
          binary: miniBrowserPath,
          args: ["--automation", ...(javaScript ? [] : ["--enable-javascript=false"])],
        },
      } as WebdriverIO.Capabilities,
    });
    await browser.setWindowSize(1280, 800);
    // Cookies can only be set for the document's own site: the tab starts on the app.
    await browser.url(new URL("/healthz", baseURL).href);
    const page = webkitPage(browser, baseURL, javaScript);
    return {
      open: async () => page,
      async release() {
        const onTheApp = (await browser.getUrl()).startsWith(baseURL);
        if (onTheApp) await browser.execute(() => (localStorage.clear(), sessionStorage.clear()));
        await browser.deleteAllCookies();
        await browser.setWindowSize(1280, 800);
      },
      async close() {
        await browser.deleteSession().catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
};

type Browser = WebdriverIO.Browser;

/**
 * A query with the watch started first, in one round trip: WebDriver runs a script body, with its
 * arguments in `arguments`.
 */
const query = `(${watchForProblems})(arguments[2]); return (${findTarget})(arguments[0], arguments[1]);`;

function webkitPage(browser: Browser, baseURL: string, javaScript: boolean): EnginePage {
  const element = async (target: Target) => {
    const found = (await browser.execute(query, target, false, PROBLEMS_KEY)) as unknown as WebdriverIO.Element | null;
    if (!found) throw new Error(`webkit: nothing on ${await browser.getUrl()} matches ${JSON.stringify(target)}`);
    return browser.$(found as unknown as Parameters<Browser["$"]>[0]);
  };
  return {
    engine: "webkit",
    javaScript,
    async goto(path) {
      await browser.url(new URL(path, baseURL).href);
    },
    async url() {
      return new URL(await browser.getUrl());
    },
    inspect: async (target) => (await browser.execute(query, target, true, PROBLEMS_KEY)) as unknown as Seen | null,
    async click(target) {
      await (await element(target)).click();
    },
    async fill(target, value) {
      const control = await element(target);
      await control.clearValue();
      if (value) await control.addValue(value);
    },
    async select(target, option) {
      await (await element(target)).selectByVisibleText(option);
    },
    async press(key) {
      await browser.keys([key]);
    },
    async clickAt(x, y) {
      await browser
        .action("pointer", { parameters: { pointerType: "mouse" } })
        .move({ x: Math.round(x), y: Math.round(y), origin: "viewport" })
        .down()
        .up()
        .perform();
    },
    evaluate: async (fn, arg) => (await browser.execute(fn as never, arg)) as never,
    async setViewport(width, height) {
      // The window holds MiniBrowser's toolbar too: size it until the page gets the width and height asked for.
      await browser.setWindowSize(width, height);
      const inner = (await browser.execute(() => [window.innerWidth, window.innerHeight])) as [number, number];
      await browser.setWindowSize(width + (width - inner[0]), height + (height - inner[1]));
    },
    async addCookies(cookies) {
      await browser.setCookies(cookies.map((cookie) => ({ ...cookie, path: "/", httpOnly: true })));
    },
    async takeProblems() {
      if (!(await browser.getUrl()).startsWith(baseURL)) return [];
      return (await browser.execute(takeProblems, PROBLEMS_KEY)) as string[];
    },
  };
}
