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
