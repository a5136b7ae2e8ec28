// OWASP's device cookie (decision 040): a stranger's guesses never slow or lock out the
// owner. After 20 failures on an account within the hour, a right password from a device without the
// account's device cookie earns a one-time link by mail instead of a session; the owner's own devices
// sign in at once. Every request goes through the production build, as the served app answers it.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import * as rateLimitModule from "~/http/rate-limit.server";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { deliverSignInLink, SIGN_IN_LINK_TTL_MS } from "~/models/sign-in-link.server";
import { createUser, setPasswordHash } from "~/models/user.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { hashPassword } from "~/utils/password.server";
import { rateLimitPolicies, signInPolicy } from "~/utils/rate-limit-counter.server";
import { userMessages } from "~/schemas/user";
import { truncateAll } from "../support/database-template";
import { callRoute, pageText } from "../support/routes";
import { mailsIn } from "../support/outbox";

const outbox = mkdtempSync(path.join(tmpdir(), "wt-device-outbox-"));
env.MAIL_OUTBOX_DIR = outbox;
env.SMTP_URL = undefined;
env.APP_URL = "https://trails.example.edu";

const LINK_SENT = "We sent you a link to finish signing in";
const PASSWORD = "owners-password";

afterAll(() => rmSync(outbox, { recursive: true, force: true }));

beforeEach(async () => {
  await settleBackgroundJobs();
  await truncateAll(database);
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file));
  env.RATE_LIMIT_FACTOR = 1;
});

const mails = () => mailsIn(outbox);

function linkTokenIn(mail: string) {
  const match = /https:\/\/trails\.example\.edu\/signin-link\/([A-Za-z0-9_-]+)/.exec(mail);
  expect(match, mail).not.toBeNull();
  return match![1];
}

/** The cookies a browser keeps from an answer, as `name=value` for the next request's Cookie header. */
function cookiesOf(response: Response) {
  return Object.fromEntries(
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  ) as Record<string, string | undefined>;
}

let address = 0;
const nextAddress = () => `198.51.100.${++address % 250}`;

type SignInOptions = { from?: string; cookie?: string };

function pageSignIn(email: string, password: string, { from = nextAddress(), cookie }: SignInOptions = {}) {
  return callRoute("/authorization?formType=signin", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      [CLIENT_ADDRESS_HEADER]: from,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ intent: "signin", email, password }),
  });
}

function apiSignIn(email: string, password: string, { from = nextAddress(), cookie }: SignInOptions = {}) {
  return callRoute("/api/user/signin", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [CLIENT_ADDRESS_HEADER]: from,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
}

/** What a person sees after a redirect: the page it leads to, with the flash message it set. */
async function landing(response: Response) {
  expect(response.status).toBe(302);
  const cookies = Object.values(cookiesOf(response)).join("; ");
  return pageText(await callRoute(response.headers.get("Location")!, { headers: { Cookie: cookies } }));
}

/** Twenty strangers, each from an address of its own, guessing at once. */
async function attack(email: string, failures = signInPolicy.account.linkAfter) {
  const answers = await Promise.all(
    Array.from({ length: failures }, (_, i) => (i % 2 ? apiSignIn : pageSignIn)(email, `guess-${i}`)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(failures).fill(401));
}

async function owner(name = "owner") {
  return createUser({ username: name, email: `${name}@example.test`, password: PASSWORD });
}

/** The device cookie a browser earns by signing in (before any attack). */
async function earnDeviceCookie(email: string) {
  const signedIn = await pageSignIn(email, PASSWORD);
  expect(signedIn.status).toBe(302);
  const device = cookiesOf(signedIn).__device;
  expect(device).toBeTruthy();
  return device!;
}

describe("the device cookie", () => {
  test("every way of signing in sets it: signed, HttpOnly, SameSite=Lax, a year long, Secure when the session cookie is", async () => {
    await owner();
    const answers = {
      page: await pageSignIn("owner@example.test", PASSWORD),
      api: await apiSignIn("owner@example.test", PASSWORD),
      signUpPage: await callRoute("/authorization?formType=signup", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: nextAddress() },
        body: new URLSearchParams({
          intent: "signup",
          username: "newbie",
          email: "newbie@example.test",
          password: "fresh-pass",
          confirmPassword: "fresh-pass",
        }),
      }),
      signUpApi: await callRoute("/api/user/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: nextAddress() },
        body: JSON.stringify({
          username: "newbie2",
          email: "newbie2@example.test",
          password: "fresh-pass",
          confirmPassword: "fresh-pass",
        }),
      }),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      expect(answer.status, kind).toBeLessThan(400);
      const device = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("__device="));
      expect(device, kind).toBeDefined();
      expect(device).toMatch(/; Max-Age=31536000/);
      expect(device).toMatch(/; HttpOnly/);
      expect(device).toMatch(/; SameSite=Lax/);
      const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
      expect(/; Secure/.test(device!)).toBe(/; Secure/.test(session!));
      // A random device id and account ids, signed: no email, no name.
      expect(device).not.toMatch(/owner|newbie|example/);
    }
  });

  test("the per-account slow-down is gone: no delay function, and the owner's sign-in under attack takes what an untouched account's does", async () => {
    expect("signInDelayMs" in rateLimitModule).toBe(false);
    expect(signInPolicy.account).not.toHaveProperty("slowAfter");
    await owner();
    await owner("calm");
    const device = await earnDeviceCookie("owner@example.test");
    // Forty failures: the old slow-down made every later attempt on the account wait 5 s.
    await attack("owner@example.test", 40);
    const timed = async (email: string, cookie?: string) => {
      const started = performance.now();
      const answer = await pageSignIn(email, PASSWORD, { cookie });
      expect(answer.headers.get("Location")).toBe("/userHome");
      return performance.now() - started;
    };
    const baseline = Math.max(await timed("calm@example.test"), await timed("calm@example.test"));
    const underAttack = Math.min(await timed("owner@example.test", device), await timed("owner@example.test", device));
    expect(underAttack).toBeLessThan(baseline + 2_500);
  }, 60_000);
});

describe("twenty failures, then the right password", () => {
  test("from a new device: no session, a mail with a one-time link, and the page says so", async () => {
    const user = await owner();
    await attack("owner@example.test");
    const answer = await pageSignIn("Owner@Example.test", PASSWORD);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/authorization?formType=signin");
    expect(cookiesOf(answer).__session).toBeUndefined();
    expect(cookiesOf(answer).__device).toBeUndefined();
    expect(await landing(answer)).toContain(LINK_SENT);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);

    await settleBackgroundJobs();
    const [mail, ...others] = mails();
    expect(others).toEqual([]);
    expect(mail).toContain("To: owner@example.test");
    expect(mail).toContain("Finish signing in to Walking Trails");
    const token = linkTokenIn(mail);
    const row = await prisma.signInLinkToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_MS + 1_000);
  });

  test("from a device holding the account's cookie: a session at once, and no mail", async () => {
    const user = await owner();
    const device = await earnDeviceCookie("owner@example.test");
    await prisma.session.deleteMany();
    await attack("owner@example.test");
    for (const signIn of [pageSignIn, apiSignIn]) {
      const answer = await signIn("owner@example.test", PASSWORD, { cookie: device });
      expect(answer.status).toBe(signIn === pageSignIn ? 302 : 200);
      expect(cookiesOf(answer).__session).toBeTruthy();
    }
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(2);
    await settleBackgroundJobs();
    expect(mails()).toEqual([]);
  });

  test("a wrong password is answered exactly as on an account nobody attacks: nothing tells the account is under attack", async () => {
    await owner();
    await owner("calm");
    await attack("owner@example.test");
    const seen = async (answer: Response) => ({
      status: answer.status,
      cookies: answer.headers.getSetCookie().map((cookie) => cookie.split("=")[0]),
      text: await pageText(answer),
    });
    for (const signIn of [pageSignIn, apiSignIn]) {
      const attacked = await seen(await signIn("owner@example.test", "wrong-guess"));
      const calm = await seen(await signIn("calm@example.test", "wrong-guess"));
      expect(attacked.status).toBe(401);
      expect(attacked).toEqual(calm);
      expect(attacked.text).toContain(userMessages.signInFailed);
      expect(attacked.text).not.toContain(LINK_SENT);
    }
  });

  test("a forged, altered or other account's device cookie counts as no cookie", async () => {
    const user = await owner();
    await owner("other");
    const genuine = await earnDeviceCookie("owner@example.test");
    const othersCookie = await earnDeviceCookie("other@example.test");
    await prisma.session.deleteMany();
    await attack("owner@example.test");

    const forger = createCookie("__device", { secrets: ["a-secret-that-is-not-ours"] });
    const forged = (await forger.serialize({ device: "a".repeat(32), accounts: [user.id] })).split(";")[0];
    const value = genuine.slice("__device=".length);
    const altered = `__device=${value.slice(0, 5)}${value[5] === "A" ? "B" : "A"}${value.slice(6)}`;
    const unsigned = `__device=${Buffer.from(JSON.stringify({ device: "a".repeat(32), accounts: [user.id] })).toString("base64")}`;
    for (const cookie of [forged, altered, unsigned, othersCookie]) {
      const page = await pageSignIn("owner@example.test", PASSWORD, { cookie });
      expect(page.headers.get("Location"), cookie).toBe("/authorization?formType=signin");
      const api = await apiSignIn("owner@example.test", PASSWORD, { cookie });
      expect(api.status, cookie).toBe(202);
    }
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    // The genuine one still works.
    expect((await pageSignIn("owner@example.test", PASSWORD, { cookie: genuine })).headers.get("Location")).toBe(
      "/userHome",
    );
  });

  test("one browser remembers several accounts: the other account's sign-in does not make it a stranger to the first", async () => {
    await owner();
    await owner("partner");
    const first = await pageSignIn("owner@example.test", PASSWORD);
    const both = await pageSignIn("partner@example.test", PASSWORD, { cookie: cookiesOf(first).__device });
    await attack("owner@example.test");
    const answer = await pageSignIn("owner@example.test", PASSWORD, { cookie: cookiesOf(both).__device });
    expect(answer.headers.get("Location")).toBe("/userHome");
  });

  test("with 19 failures a new device still signs in normally", async () => {
    const user = await owner();
    await attack("owner@example.test", signInPolicy.account.linkAfter - 1);
    const answer = await pageSignIn("owner@example.test", PASSWORD);
    expect(answer.headers.get("Location")).toBe("/userHome");
    expect(cookiesOf(answer).__session).toBeTruthy();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  test("the API answers 202 with the sentence and no token or cookie, and honours the cookie its own sign-in set", async () => {
    const user = await owner();
    const earned = await apiSignIn("owner@example.test", PASSWORD);
    expect(earned.status).toBe(200);
    const device = cookiesOf(earned).__device!;
    expect(device).toBeTruthy();
    await prisma.session.deleteMany();
    await attack("owner@example.test");

    const stranger = await apiSignIn("owner@example.test", PASSWORD);
    expect(stranger.status).toBe(202);
    expect(await stranger.json()).toEqual({ message: userMessages.signInLinkSent });
    expect(Object.keys(cookiesOf(stranger))).not.toContain("__session");
    expect(Object.keys(cookiesOf(stranger))).not.toContain("__device");
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);

    const known = await apiSignIn("owner@example.test", PASSWORD, { cookie: device });
    expect(known.status).toBe(200);
    expect(((await known.json()) as { token: string }).token).toMatch(/^[a-f0-9]{64}$/);
    await settleBackgroundJobs();
    expect(mails()).toHaveLength(1);
  });

  test("whoever holds the password cannot flood the owner's inbox: a few links an hour at most", async () => {
    await owner();
    await attack("owner@example.test");
    const max = rateLimitPolicies.signInLink.account.max;
    for (let i = 0; i < max + 3; i++) expect((await apiSignIn("owner@example.test", PASSWORD)).status).toBe(202);
    await settleBackgroundJobs();
    expect(mails()).toHaveLength(max);
  });
});

describe("the sign-in link", () => {
  async function mailedLink(email = "owner@example.test") {
    await attack(email);
    expect((await apiSignIn(email, PASSWORD)).status).toBe(202);
    await settleBackgroundJobs();
    return linkTokenIn(mails().at(-1)!);
  }

  const finish = (token: string, cookie?: string) =>
    callRoute(`/signin-link/${token}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        [CLIENT_ADDRESS_HEADER]: nextAddress(),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: "",
    });

  test("opening it changes nothing; Finish signing in signs in once, with a device cookie; a second use is refused", async () => {
    const user = await owner();
    const token = await mailedLink();
    for (let i = 0; i < 2; i++) {
      const page = await callRoute(`/signin-link/${token}`);
      expect(page.status).toBe(200);
      const text = await pageText(page);
      expect(text).toContain("Finish signing in");
      expect(text).not.toContain(userMessages.signInLinkInvalid);
      // It names the account it signs in to, and says what to do if that is not yours.
      expect(text).toContain("signs you in to the Walking Trails account owner (ow•••@example.test) on this device");
      expect(text).toContain("Not your account? Do not finish");
      expect(text).not.toContain("owner@example.test");
    }
    expect((await prisma.signInLinkToken.findFirstOrThrow({ where: { userId: user.id } })).usedAt).toBeNull();
    expect(await prisma.session.count()).toBe(0);

    const used = await finish(token);
    expect(used.status).toBe(302);
    expect(used.headers.get("Location")).toBe("/userHome");
    const { __session: session, __device: device } = cookiesOf(used);
    expect(session).toBeTruthy();
    expect(device).toBeTruthy();
    expect(await landing(used)).toContain(userMessages.signInSuccess);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);

    const again = await finish(token);
    expect(again.status).toBe(410);
    expect(await pageText(again)).toContain(userMessages.signInLinkInvalid);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
    const reopened = await callRoute(`/signin-link/${token}`);
    expect(await pageText(reopened)).toContain(userMessages.signInLinkInvalid);

    // The device the link signed in is now the owner's own: it signs in at once, attack or not.
    const later = await pageSignIn("owner@example.test", PASSWORD, { cookie: device });
    expect(later.headers.get("Location")).toBe("/userHome");
  });

  test("two presses at once sign in once", async () => {
    const user = await owner();
    const token = await mailedLink();
    const answers = await Promise.all(Array.from({ length: 5 }, () => finish(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410, 410, 410, 410]);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  test("an expired link, a made-up one, and one voided by a password change are refused with a way to sign in again", async () => {
    const user = await owner();
    expect(await deliverSignInLink(user.id, "under-attack", new Date(Date.now() - SIGN_IN_LINK_TTL_MS - 1_000))).toBe(
      "sent",
    );
    const expired = linkTokenIn(mails().at(-1)!);
    const voided = await mailedLink();
    await prisma.$transaction(async (tx) => setPasswordHash(tx, user.id, await hashPassword("changed-password")));

    for (const token of [expired, voided, "not-a-real-token", "f".repeat(64)]) {
      const page = await callRoute(`/signin-link/${token}`);
      expect(page.status, token).toBe(200);
      const html = await page.text();
      expect(html).toContain(userMessages.signInLinkInvalid);
      expect(html).toContain('href="/authorization?formType=signin"');
      expect(html).not.toContain(">Finish signing in<");
      const pressed = await finish(token);
      expect(pressed.status, token).toBe(410);
      expect(await pageText(pressed)).toContain(userMessages.signInLinkInvalid);
    }
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  test("presses from one client are limited like any form: 429 with Retry-After", async () => {
    env.RATE_LIMIT_FACTOR = 0.1;
    const from = "192.0.2.66";
    const press = () =>
      callRoute(`/signin-link/${"f".repeat(43)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: from },
        body: "",
      });
    const max = Math.round(rateLimitPolicies.signInLink.client.max * 0.1);
    for (let i = 0; i < max; i++) expect((await press()).status).toBe(410);
    const refused = await press();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
