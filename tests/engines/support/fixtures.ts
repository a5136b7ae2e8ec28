import { test as base, expect } from "@playwright/test";
import { appHandles, appOrigin } from "../../e2e/support/apps";
import { newUser, type TestUser } from "../../e2e/support/fixtures";
import type { Cookie, EngineName, EnginePage, EngineSession, Launch } from "./engine";
import { launchGecko } from "./gecko";
import type { Seen, Target } from "./in-page";
import { launchWebKit } from "./webkit";

export { expect, newUser };

const launchers: Record<EngineName, Launch> = { gecko: launchGecko, webkit: launchWebKit };
export const baseURL = () => appOrigin("shared");

/** Chosen per project in playwright.engines.config.ts. */
export type EngineOptions = { engine: EngineName; javaScript: boolean };

/**
 * `tab`: a tab of the project's engine, as a new visitor. The engine starts once per worker (a worker runs
 * one project); after each test its cookies and storage are dropped, and the test fails if the engine
 * reported an uncaught error or a content-security-policy violation meanwhile.
 */
export const test = base.extend<{ tab: EnginePage }, EngineOptions & { session: EngineSession }>({
  engine: ["gecko", { scope: "worker", option: true }],
  javaScript: [true, { scope: "worker", option: true }],
  session: [
    async ({ engine, javaScript }, use) => {
      const session = await launchers[engine]({ baseURL: baseURL(), javaScript });
      await use(session);
      await session.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  tab: async ({ session }, use, testInfo) => {
    const tab = await session.open();
    await use(tab);
    if (testInfo.status !== testInfo.expectedStatus) {
      // No screenshot from these drivers' failures: say where the tab was and what it showed.
      const url = await tab.url().catch(() => null);
      const text = await tab.evaluate(() => document.body?.innerText.slice(0, 600), null).catch(() => null);
      await testInfo.attach("page at the failure", { body: `${url}\n\n${text}`, contentType: "text/plain" });
    }
    const problems = await tab.takeProblems();
    await session.release(tab);
    expect(problems, `uncaught errors and CSP violations ${tab.engine} reported`).toEqual([]);
  },
});

// ---------------------------------------------------------------------------------------------------
// Sessions through the API: only the sign-in and sign-up flows drive those forms.

function cookiesOf(response: Response): Cookie[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** A new account, signed in in the tab (which stays where it is). */
export async function signUpSession(tab: EnginePage, user: TestUser = newUser()) {
  const response = await fetch(`${baseURL()}/api/user/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await tab.addCookies(cookiesOf(response));
  return user;
}

/** The seeded administrator's session, which global setup signed in once. */
export async function adminSession(tab: EnginePage) {
  const cookies = appHandles()[baseURL()].adminCookies;
  await tab.addCookies(cookies.map(({ name, value }) => ({ name, value })));
}

// ---------------------------------------------------------------------------------------------------
// What a person sees, asked again until it holds (the engines answer a moment after an action).

const described = (target: Target) => JSON.stringify(target);
type Expected = Partial<Record<keyof Seen, unknown>>;

/** The target is on screen, and what it shows matches `expected` (text, value, focus, attributes...). */
export async function expectShown(tab: EnginePage, target: Target, expected: Expected = {}, timeout?: number) {
  const message = `${tab.engine}: ${described(target)}`;
  await expect.poll(() => tab.inspect(target), { message, timeout }).toMatchObject({ visible: true, ...expected });
}

/** The page has no such target, or none on screen. */
export async function expectHidden(tab: EnginePage, target: Target) {
  const message = `${tab.engine}: ${described(target)} hidden`;
  await expect.poll(async () => (await tab.inspect(target))?.visible ?? false, { message }).toBe(false);
}

/** The address's path and query (and fragment) match. */
export async function expectAddress(tab: EnginePage, pattern: RegExp) {
  await expect
    .poll(
      async () => {
        const url = await tab.url();
        return `${url.pathname}${url.search}${url.hash}`;
      },
      { message: `${tab.engine}: address` },
    )
    .toMatch(pattern);
}
