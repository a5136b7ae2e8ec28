import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { appHandles } from "./apps";
import { E2E_ADMIN } from "./global-setup";
import { readMail, waitForMail } from "./mailbox";

type Fixtures = {
  /** Direct SQL on the test's app's database when it is a PostgreSQL server (TEST_DATABASE_URL); else null. */
  db: pg.Pool | null;
};

const pools = new Map<string, pg.Pool>();

/**
 * Every test also fails if a page of its browser context threw an uncaught error (a script's crash, or
 * React giving up on hydrating), which a person would meet as a page whose controls stopped answering.
 */
export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    const errors: string[] = [];
    context.on("weberror", (error) => {
      const page = error.page();
      errors.push(`${error.error().message} (on ${page ? new URL(page.url()).pathname : "a page"})`);
    });
    await use(context);
    expect(errors, "uncaught errors in the test's pages").toEqual([]);
  },
  db: async ({ baseURL }, use) => {
    const url = appHandles()[baseURL!]?.databaseUrl;
    if (url && !pools.has(url)) pools.set(url, new pg.Pool({ connectionString: url, max: 2 }));
    await use(url ? pools.get(url)! : null);
  },
});

/**
 * The origin of the app the running test's project drives (its baseURL: the shared app, or an edits app;
 * support/apps.ts): for a request's Origin header, a new browser context or a cookie's address.
 */
export function appUrl() {
  return test.info().project.use.baseURL!;
}

export { expect };
export const admin = E2E_ADMIN;

export const mailbox = {
  all: () => readMail(process.env.E2E_MAIL_DIR!),
  waitFor: (to: string, timeoutMs?: number) => waitForMail(process.env.E2E_MAIL_DIR!, to, timeoutMs),
};

/**
 * A flow whose steps are the same at every width but whose layout is not (the admin areas' rows become
 * cards, the header a menu): it runs with JavaScript at a phone's width and without at a laptop's, so each
 * width and each mode drives it once, where the four pairs ran it four times. The axe sweep still checks
 * every page and state at both widths (docs/testing.md).
 */
export const EACH_WIDTH_ONCE = [
  { width: 390, tag: "@js-only" },
  { width: 1280, tag: "@no-js-only" },
] as const;

/** A name no other test (or earlier run) uses, so parallel tests never share rows. */
export function unique(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

// ---------------------------------------------------------------------------------------------------
// Accounts. Most specs need a signed-in browser, not the sign-in form: `signUp`, `signIn` and
// `signInAsAdmin` get the session from the API (its cookie lands in the page's browser context) and
// open the page the form would have led to. The specs of signing in and up themselves drive the real
// forms with `signUpWithForm`, `signInWithForm` and `fillSignIn`, with and without JavaScript.

export type TestUser = { username: string; email: string; password: string };

/** Fresh, unused credentials. */
export function newUser(prefix = "user"): TestUser {
  const username = unique(prefix);
  return { username, email: `${username}@example.test`, password: `pw-${username}` };
}

/** An API call from the page's own origin, as the old client makes it; its cookies are the page's. */
async function apiPost(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(path, { data, headers: { Origin: appUrl() } });
  expect(response.status(), `${path} answered ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { result: { role: "User" | "Admin" } };
}

const homeOf = (role: "User" | "Admin") => (role === "Admin" ? "/adminHome" : "/userHome");

/**
 * A new account, signed in in the page's browser context; the page stays where it is, for a test that
 * opens its own page next (a page load it would throw away costs a fifth of a second, more with scripts).
 */
export async function signUpSession(page: Page, user: TestUser = newUser()) {
  await apiPost(page.request, "/api/user/signup", { ...user, confirmPassword: user.password });
  return user;
}

/** A new account, signed in; the page ends on the user's home. */
export async function signUp(page: Page, user: TestUser = newUser()) {
  await signUpSession(page, user);
  await page.goto("/userHome");
  return user;
}

/** Signs in; the page ends on `redirectTo`, or on the role's home. */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
  const { result } = await apiPost(page.request, "/api/user/signin", { email, password });
  await page.goto(redirectTo ?? homeOf(result.role));
}

/** The seeded administrator's session, which global setup signed in once, in the page's browser context. */
export async function adminSession(page: Page) {
  await page.context().addCookies(appHandles()[appUrl()].adminCookies);
}

/** The seeded administrator's browser, on /adminHome. */
export async function signInAsAdmin(page: Page) {
  await adminSession(page);
  await page.goto("/adminHome");
}

/** Signs up through /authorization?formType=signup; the page ends signed in on the user's home. */
export async function signUpWithForm(page: Page, user: TestUser = newUser()) {
  await page.goto("/authorization?formType=signup");
  await page.getByLabel("Username", { exact: true }).fill(user.username);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Repeat Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/userHome");
  return user;
}

/** Signs in through the form and waits until the browser has left /authorization. */
export async function signInWithForm(page: Page, email: string, password: string, redirectTo?: string) {
  const query = new URLSearchParams({ formType: "signin" });
  if (redirectTo) query.set("redirectTo", redirectTo);
  await page.goto(`/authorization?${query}`);
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== "/authorization");
}

/** Fills and submits the sign-in form that is already open (e.g. after a guard redirect). */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs out with the navigation bar's Logout button (desktop width). */
export async function signOut(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** Creates an account in a throw-away browser context, leaving the test's own page signed out. */
export async function createUserViaSignup(browser: import("@playwright/test").Browser, prefix = "user") {
  const context = await browser.newContext({ baseURL: appUrl() });
  try {
    const user = newUser(prefix);
    await apiPost(context.request, "/api/user/signup", { ...user, confirmPassword: user.password });
    return user;
  } finally {
    await context.close();
  }
}

/**
 * A refusal's message where it stands beside its field. The form's error summary ("There is a problem")
 * repeats every field's message as a link at the top of the form, so a bare getByText finds both.
 */
export function fieldError(scope: Page | Locator, text: string | RegExp) {
  return scope.locator(".field-error").filter({ hasText: text });
}

// ---------------------------------------------------------------------------------------------------
// Messages beside the action: a submission's result stands in the element (row, form, list) it concerns.

/**
 * `text` is the answer shown inside the element `#anchor` (a status for a success, an alert for a
 * refusal), the only one on the page, and on screen: with JavaScript it has the focus, without it the
 * page's URL landed on the element's fragment. `landed: false` is for a refusal about a row that is gone:
 * the form named that row's fragment, which no longer exists, so the page shows from its top.
 */
export async function expectAnswerAt(
  page: Page,
  anchor: string,
  text: string,
  {
    javaScriptEnabled,
    role = "status",
    landed = true,
  }: { javaScriptEnabled: boolean; role?: "status" | "alert"; landed?: boolean },
) {
  const answer = page.locator(`[id="${anchor}"]`).getByRole(role).filter({ hasText: text });
  await expect(answer).toBeVisible();
  await expect(answer).toBeInViewport();
  await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  if (javaScriptEnabled) await expect(answer.locator("[tabindex='-1']")).toBeFocused();
  else if (landed) await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
  return answer;
}

// ---------------------------------------------------------------------------------------------------
// In-page links: following one to an element (Edit to a form higher up the page) moves keyboard focus
// there, with JavaScript as the browser's own fragment navigation does without (app/lib/use-focus-fragment.ts).

/**
 * A link pressed from the keyboard: focused, then Enter. The focus is checked before the key: a render
 * that replaces the element just after it was focused (the form remounted for the version a refusal
 * showed, say) leaves the focus on the body, where Enter does nothing and the test would wait in vain.
 */
export async function pressWithKeyboard(page: Page, link: Locator) {
  await expect(async () => {
    await link.focus();
    await expect(link).toBeFocused({ timeout: 250 });
  }).toPass();
  await page.keyboard.press("Enter");
}

/**
 * The page landed on `#id` after an in-page link, so the next Tab goes on inside that element: with
 * JavaScript the element holds the focus (drawing no ring around itself); without, the browser loaded the
 * address with the fragment, which moves its focus starting point there.
 */
export async function expectLandedOn(page: Page, id: string, { javaScriptEnabled }: { javaScriptEnabled: boolean }) {
  const target = page.locator(`[id="${id}"]`);
  // The address first, with JavaScript as without: a press that went nowhere fails here, not as a scroll.
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect(target).toBeInViewport();
  if (javaScriptEnabled) {
    await expect(target).toBeFocused();
    expect(await target.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("none");
  } else {
    await page.waitForLoadState();
  }
}

/**
 * The remembered "Interactive map" choice of /trails (decision 067), as pressing that link once leaves
 * it: for specs about the interactive map itself, whose /trails then comes with OpenLayers at once.
 */
export async function preferInteractiveMap(page: Page) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify("interactive")).toString("base64"));
  await page.context().addCookies([{ name: "trailsMap", value, url: `${appUrl()}/` }]);
}
