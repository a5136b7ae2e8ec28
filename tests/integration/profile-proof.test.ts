// Changing one's own email or password needs proof that it is the owner (the current password, or a
// sign-in within the last 10 minutes), on the profile page and in the API alike; either change voids
// every outstanding reset token and every other session of the user, in the same transaction (a new
// email's when its link is confirmed).
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { confirmEmailChange } from "~/models/email-change.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { isResetTokenUsable, resetPasswordWithToken } from "~/models/password-reset.server";
import { createUser } from "~/models/user.server";
import { RECENT_SIGN_IN_MS } from "~/models/user-ownership.server";
import { verifyLogin } from "~/models/user-sign-in.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { rateLimitMessage, signInPolicy } from "~/utils/rate-limit-counter.server";
import { createSession, getUserForSession } from "~/models/session.server";
import { truncateAll } from "../support/database-template";
import { mailsIn } from "../support/outbox";
import { callRoute, fieldValue, textById } from "../support/routes";

const outbox = mkdtempSync(path.join(tmpdir(), "wt-proof-outbox-"));
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

beforeEach(async () => {
  await settleBackgroundJobs();
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file));
  await truncateAll(database);
  env.RATE_LIMIT_FACTOR = 1;
  env.MAIL_OUTBOX_DIR = outbox;
  env.SMTP_URL = undefined;
});

/** The email a change waits to be confirmed to (the link mailed to it), confirmed when asked to. */
async function pendingEmail(userId: string, { confirmFrom }: { confirmFrom?: string } = {}) {
  await settleBackgroundJobs();
  const row = await prisma.emailChangeToken.findFirst({ where: { userId, usedAt: null }, select: { newEmail: true } });
  if (row && confirmFrom !== undefined) {
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mailsIn(outbox).at(-1) ?? "")?.[1];
    expect(await confirmEmailChange(token ?? "", confirmFrom)).toMatchObject({ ok: true });
  }
  return row?.newEmail ?? null;
}

const PROOF_REQUIRED = "Enter your current password to change your email or password.";
const WRONG_PASSWORD = "The current password is not correct.";

async function account(name: string, role: "User" | "Admin" = "User") {
  const user = await createUser({ username: name, email: `${name}@example.test`, password: `pw-${name}`, role });
  return { ...user, password: `pw-${name}` };
}

/** A session signed in `ageMs` ago: the age lives in the session's row, where the server reads it. */
async function sessionSignedIn(userId: string, ageMs: number) {
  const session = await createSession(userId);
  await prisma.session.update({ where: { id: session.id }, data: { createdAt: new Date(Date.now() - ageMs) } });
  return session.id;
}
const OLD = RECENT_SIGN_IN_MS + 60_000;
const FRESH = 60_000;

/** A reset token issued now, stored as the model stores one (its hash only). */
async function outstandingResetToken(userId: string) {
  const token = randomBytes(32).toString("base64url");
  await prisma.passwordResetToken.create({
    data: {
      userId,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return token;
}

type Answer = { status: number; message?: string; fieldError?: string; redirected?: boolean; retryAfter?: number };

const retryAfterOf = (response: Response) =>
  response.headers.has("Retry-After") ? Number(response.headers.get("Retry-After")) : undefined;

/** The profile page's update form and the API, reduced to what a person or client sees. */
const surfaces = {
  async page(sessionId: string, _userId: string, fields: Record<string, string>): Promise<Answer> {
    const body = new URLSearchParams({ intent: "update", ...fields });
    const response = await callRoute("/userControlPanel", { method: "POST", sessionId, body });
    if (response.status === 302) return { status: 302, redirected: true };
    const html = await response.text();
    return {
      status: response.status,
      // The form's error summary: "There is a problem", then the refusal (a link to its field).
      message: textById(html, "update-profile-form-error")?.replace(/^There is a problem\s*/, "") || undefined,
      fieldError: textById(html, "update-profile-form-currentPassword-error") || undefined,
      retryAfter: retryAfterOf(response),
    };
  },
  async api(sessionId: string, userId: string, fields: Record<string, string>): Promise<Answer> {
    const response = await callRoute(`/api/user/updateProfile/${userId}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${sessionId}`, "Content-Type": "application/json" },
      body: JSON.stringify(fields),
    });
    const body = await response.json();
    if (response.status === 200) return { status: 200 };
    return {
      status: response.status,
      message: body.message,
      fieldError: body.fieldErrors?.currentPassword?.[0],
      retryAfter: retryAfterOf(response),
    };
  },
};

/** A refusal by the guessing limit says the wait its Retry-After gives, at the field and in the summary. */
function expectRealWait(answer: Answer) {
  expect(answer.retryAfter).toBeGreaterThan(0);
  expect(answer.fieldError).toBe(rateLimitMessage(answer.retryAfter!));
  expect(answer.message).toContain(rateLimitMessage(answer.retryAfter!));
}

const changes = {
  email: (name: string) => ({ email: `${name}.new@example.test` }),
  password: (_name: string) => ({ password: "brand-new-pass", confirmPassword: "brand-new-pass" }),
};

async function emailOf(userId: string) {
  return (await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })).email;
}

describe.each(Object.keys(surfaces) as (keyof typeof surfaces)[])("own email or password change (%s)", (surface) => {
  const send = surfaces[surface];
  const ok = surface === "page" ? { status: 302, redirected: true } : { status: 200 };

  test.each(Object.keys(changes) as (keyof typeof changes)[])(
    "%s: refused without proof on a session older than 10 minutes",
    async (kind) => {
      const user = await account(`old${kind}${surface}`);
      const answer = await send(await sessionSignedIn(user.id, OLD), user.id, changes[kind](user.username));
      expect(answer).toEqual({ status: 403, message: PROOF_REQUIRED, fieldError: PROOF_REQUIRED });
      expect(await emailOf(user.id)).toBe(user.email);
      expect(await verifyLogin(user.email, user.password)).not.toBeNull();
    },
  );

  test.each(Object.keys(changes) as (keyof typeof changes)[])(
    "%s: accepted with the current password on an old session",
    async (kind) => {
      const user = await account(`proof${kind}${surface}`);
      const answer = await send(await sessionSignedIn(user.id, OLD), user.id, {
        ...changes[kind](user.username),
        currentPassword: user.password,
      });
      expect(answer).toEqual(ok);
      if (kind === "email") expect(await pendingEmail(user.id)).toBe(`${user.username}.new@example.test`);
      else expect(await verifyLogin(user.email, "brand-new-pass")).not.toBeNull();
    },
  );

  test.each(Object.keys(changes) as (keyof typeof changes)[])(
    "%s: accepted without it within 10 minutes of signing in",
    async (kind) => {
      const user = await account(`fresh${kind}${surface}`);
      const answer = await send(await sessionSignedIn(user.id, FRESH), user.id, changes[kind](user.username));
      expect(answer).toEqual(ok);
      if (kind === "email") expect(await pendingEmail(user.id)).toBe(`${user.username}.new@example.test`);
      else expect(await verifyLogin(user.email, "brand-new-pass")).not.toBeNull();
    },
  );

  test("a wrong current password is refused, even on a fresh session", async () => {
    const user = await account(`wrong${surface}`);
    for (const age of [FRESH, OLD]) {
      const answer = await send(await sessionSignedIn(user.id, age), user.id, {
        ...changes.email(user.username),
        currentPassword: "not-it",
      });
      expect(answer).toEqual({ status: 403, message: WRONG_PASSWORD, fieldError: WRONG_PASSWORD });
    }
    expect(await emailOf(user.id)).toBe(user.email);
  });

  test("other fields need no proof, even on an old session", async () => {
    const user = await account(`plain${surface}`);
    expect(await send(await sessionSignedIn(user.id, OLD), user.id, { age: "33" })).toEqual(ok);
  });

  test("after a change, an earlier reset token no longer works and the user's other sessions are gone", async () => {
    for (const kind of Object.keys(changes) as (keyof typeof changes)[]) {
      await truncateAll(database);
      const user = await account(`void${kind}${surface}`);
      const token = await outstandingResetToken(user.id);
      const elsewhere = await sessionSignedIn(user.id, OLD);
      const here = await sessionSignedIn(user.id, FRESH);
      expect(await send(here, user.id, changes[kind](user.username)), kind).toEqual(ok);
      if (kind === "email") {
        // Asking changes nothing yet; opening the link (from this session) does.
        expect(await isResetTokenUsable(token), kind).toBe(true);
        expect(await getUserForSession(elsewhere), kind).not.toBeNull();
        expect(await pendingEmail(user.id, { confirmFrom: here })).toBe(`${user.username}.new@example.test`);
        expect(await emailOf(user.id)).toBe(`${user.username}.new@example.test`);
      }
      expect(await isResetTokenUsable(token), kind).toBe(false);
      expect(await resetPasswordWithToken(token, "attacker-pass"), kind).toEqual({
        ok: false,
        reason: "invalid-token",
      });
      expect(await getUserForSession(elsewhere), kind).toBeNull();
      expect(await getUserForSession(here), kind).not.toBeNull();
    }
  });

  test("the current password sent again as the new one is no change: no proof, no new hash, no session ended", async () => {
    const user = await account(`resent${surface}`);
    const hash = async () =>
      (await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } })).passwordHash;
    const before = await hash();
    const elsewhere = await sessionSignedIn(user.id, OLD);
    const here = await sessionSignedIn(user.id, OLD);
    const resent = { password: user.password, confirmPassword: user.password };
    expect(await send(here, user.id, { ...resent, age: "33" })).toEqual(ok);
    expect(await hash()).toBe(before);
    expect(await getUserForSession(elsewhere)).not.toBeNull();
    // With JavaScript the page's own form leaves the fields empty; the old client resends what it stored.
    const again = await send(here, user.id, resent);
    expect(again.status).toBe(surface === "page" ? 400 : 200);
    if (surface === "page") expect(again.message).toBe("No changes were made to the profile.");
    expect(await hash()).toBe(before);
  });

  test("a new password guessed without proof counts as a guess of the current one", async () => {
    const user = await account(`newguess${surface}`);
    const session = await sessionSignedIn(user.id, OLD);
    const { max } = signInPolicy.clientAccount;
    for (let i = 0; i < max; i++) {
      expect((await send(session, user.id, { password: `guess-${i}`, confirmPassword: `guess-${i}` })).status).toBe(
        403,
      );
    }
    const limited = await send(session, user.id, { password: user.password, confirmPassword: user.password });
    expect(limited.status).toBe(429);
    expectRealWait(limited);
  });

  test("guessing the current password is limited like signing in", async () => {
    const user = await account(`guess${surface}`);
    const session = await sessionSignedIn(user.id, OLD);
    const { max } = signInPolicy.clientAccount;
    // Password changes: an email change attempt also counts against the account's few email changes a day.
    for (let i = 0; i < max; i++)
      expect(
        (await send(session, user.id, { ...changes.password(user.username), currentPassword: `guess${i}` })).status,
      ).toBe(403);
    const limited = await send(session, user.id, {
      ...changes.password(user.username),
      currentPassword: user.password,
    });
    expect(limited.status).toBe(429);
    expectRealWait(limited);
    expect(await verifyLogin(user.email, user.password)).not.toBeNull();
  });
});

test("the page's refusal keeps what was typed, except passwords", async () => {
  const user = await account("kept");
  const body = new URLSearchParams({
    intent: "update",
    email: "kept.new@example.test",
    age: "41",
    password: "abcd",
    confirmPassword: "abcd",
    currentPassword: "",
  });
  const response = await callRoute("/userControlPanel", {
    method: "POST",
    sessionId: await sessionSignedIn(user.id, OLD),
    body,
  });
  expect(response.status).toBe(403);
  const html = await response.text();
  expect(fieldValue(html, "email")).toBe("kept.new@example.test");
  expect(fieldValue(html, "age")).toBe("41");
  for (const secret of ["password", "confirmPassword", "currentPassword"]) expect(fieldValue(html, secret)).toBe("");
  expect(html).not.toContain("abcd");
});

describe("an administrator changing someone else's account through the API", () => {
  test("needs no proof of that user's password, and the change still voids their tokens and sessions", async () => {
    const admin = await account("boss", "Admin");
    const user = await account("managed");
    const token = await outstandingResetToken(user.id);
    const theirs = await sessionSignedIn(user.id, FRESH);
    const adminSession = await sessionSignedIn(admin.id, OLD);
    expect(await surfaces.api(adminSession, user.id, { email: "managed.moved@example.test" })).toEqual({ status: 200 });
    expect(await emailOf(user.id)).toBe("managed.moved@example.test");
    expect(await isResetTokenUsable(token)).toBe(false);
    expect(await getUserForSession(theirs)).toBeNull();
    expect(await getUserForSession(adminSession)).not.toBeNull();
  });

  test("but their own email or password needs proof like anyone's", async () => {
    const admin = await account("selfboss", "Admin");
    const answer = await surfaces.api(await sessionSignedIn(admin.id, OLD), admin.id, { password: "abcd" });
    expect(answer).toEqual({ status: 403, message: PROOF_REQUIRED, fieldError: PROOF_REQUIRED });
  });
});
