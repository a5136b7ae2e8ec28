import { test as base, expect, type Page } from "@playwright/test";
import pg from "pg";
import { E2E_ADMIN } from "./global-setup";
import { readMail, waitForMail } from "./mailbox";

type Fixtures = {
  /** Direct SQL on the app's database when it is a PostgreSQL server (TEST_DATABASE_URL); else null. */
  db: pg.Pool | null;
};

let pool: pg.Pool | null = null;

export const test = base.extend<Fixtures>({
  db: async ({}, use) => {
    const url = process.env.E2E_DATABASE_URL;
    if (url && !pool) pool = new pg.Pool({ connectionString: url, max: 2 });
    await use(url ? pool : null);
  },
});

export { expect };
export const admin = E2E_ADMIN;

export const mailbox = {
  all: () => readMail(process.env.E2E_MAIL_DIR!),
  waitFor: (to: string, timeoutMs?: number) => waitForMail(process.env.E2E_MAIL_DIR!, to, timeoutMs),
};

/** A name no other test (or earlier run) uses, so parallel tests never share rows. */
export function unique(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function expectNoConsoleErrors(page: Page, run: () => Promise<void>) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await run();
  expect(errors).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------
// Accounts: helpers other specs reuse. They drive the real forms, so they work with and without JS.

export type TestUser = { username: string; email: string; password: string };

/** Fresh, unused credentials. */
export function newUser(prefix = "user"): TestUser {
  const username = unique(prefix);
  return { username, email: `${username}@example.test`, password: `pw-${username}` };
}

/** Signs up through /authorization?formType=signup; the page ends signed in on the user's home. */
export async function signUp(page: Page, user: TestUser = newUser()) {
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
export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
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

export async function signInAsAdmin(page: Page) {
  await signIn(page, admin.email, admin.password);
}

/** Signs out with the navigation bar's Logout button (desktop width). */
export async function signOut(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** Creates an account in a throw-away browser context, leaving the test's own page signed out. */
export async function createUserViaSignup(browser: import("@playwright/test").Browser, prefix = "user") {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    return await signUp(await context.newPage(), newUser(prefix));
  } finally {
    await context.close();
  }
}
