import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { isResetTokenUsable, requestPasswordReset, resetPasswordWithToken, RESET_TOKEN_TTL_MS } from "~/models/password-reset.server";
import { createUser, verifyLogin } from "~/models/user.server";
import { action as sendResetLinkAction } from "~/routes/send-reset-link";
import { CLIENT_ADDRESS_HEADER } from "~/utils/client-address.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { createSession, getUserForSession } from "~/utils/session.server";
import { truncateAll } from "../support/database-template";

// No SMTP_URL in unit runs: mail goes to the outbox folder, which this file points at a temp dir.
const outbox = mkdtempSync(path.join(tmpdir(), "wt-outbox-"));
env.MAIL_OUTBOX_DIR = outbox;
env.SMTP_URL = undefined;

afterAll(() => rmSync(outbox, { recursive: true, force: true }));

beforeEach(async () => {
  await truncateAll(database);
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file));
});

const BASE = "https://trails.example.edu";

function mails() {
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

async function requestToken(email: string, now?: Date) {
  const before = mails().length;
  expect(await requestPasswordReset(email, BASE, now)).toEqual({ ok: true });
  const all = mails();
  expect(all.length).toBe(before + 1);
  const match = /https:\/\/trails\.example\.edu\/reset\/([A-Za-z0-9_-]+)/.exec(all[all.length - 1]);
  expect(match).not.toBeNull();
  return match![1];
}

const makeUser = (name: string) => createUser({ username: name, email: `${name}@example.test`, password: "old-pass" });

describe("password reset tokens", () => {
  test("an unknown email gets the same answer, and no token or mail exists", async () => {
    expect(await requestPasswordReset("nobody@example.test", BASE)).toEqual({ ok: true });
    expect(await prisma.passwordResetToken.count()).toBe(0);
    expect(mails()).toEqual([]);
  });

  test("the link carries a random token; only its sha256 is stored, valid for one hour", async () => {
    const user = await makeUser("hash");
    const now = new Date();
    const token = await requestToken("HASH@example.test", now);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const row = await prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime()).toBe(now.getTime() + RESET_TOKEN_TTL_MS);
    expect(mails()[0]).toContain("To: hash@example.test");
  });

  test("using a token sets the password, ends every session, and works only once", async () => {
    const user = await makeUser("once");
    const session = await createSession(user.id);
    const token = await requestToken(user.email);
    expect(await isResetTokenUsable(token)).toBe(true);
    expect(await resetPasswordWithToken(token, "new-pass")).toEqual({ ok: true, userId: user.id });
    expect(await verifyLogin(user.email, "new-pass")).not.toBeNull();
    expect(await verifyLogin(user.email, "old-pass")).toBeNull();
    expect(await getUserForSession(session.id)).toBeNull();
    expect(await isResetTokenUsable(token)).toBe(false);
    expect(await resetPasswordWithToken(token, "third-pass")).toEqual({ ok: false, reason: "invalid-token" });
    expect(await verifyLogin(user.email, "new-pass")).not.toBeNull();
  });

  test("a token expires after one hour", async () => {
    const user = await makeUser("late");
    const issued = new Date(Date.now() - RESET_TOKEN_TTL_MS - 1000);
    const token = await requestToken(user.email, issued);
    expect(await isResetTokenUsable(token)).toBe(false);
    expect(await resetPasswordWithToken(token, "new-pass")).toEqual({ ok: false, reason: "invalid-token" });
    expect(await verifyLogin(user.email, "old-pass")).not.toBeNull();
  });

  test("using one token voids the earlier ones", async () => {
    const user = await makeUser("many");
    const first = await requestToken(user.email);
    const second = await requestToken(user.email);
    expect(await resetPasswordWithToken(second, "new-pass")).toMatchObject({ ok: true });
    expect(await resetPasswordWithToken(first, "evil-pass")).toEqual({ ok: false, reason: "invalid-token" });
    expect(await verifyLogin(user.email, "new-pass")).not.toBeNull();
  });

  test("two simultaneous uses of one token: exactly one succeeds", async () => {
    const user = await makeUser("race");
    const token = await requestToken(user.email);
    const results = await Promise.all([resetPasswordWithToken(token, "pass-one"), resetPasswordWithToken(token, "pass-two")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  test("when the mail cannot be sent the answer says so and no usable token is left", async () => {
    const user = await makeUser("nomail");
    env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens there
    try {
      expect(await requestPasswordReset(user.email, BASE)).toEqual({ ok: false, reason: "mail-failed" });
    } finally {
      env.SMTP_URL = undefined;
    }
    expect(await prisma.passwordResetToken.count()).toBe(0);
  });

  test("the standalone page answers 'Error sending reset link.' (503) when the mail cannot be sent", async () => {
    const user = await makeUser("pageerr");
    const request = new Request("http://app.test/send-reset-link", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: "203.0.113.77" },
      body: new URLSearchParams({ email: user.email }).toString(),
    });
    env.SMTP_URL = "smtp://127.0.0.1:1";
    let answer: unknown;
    try {
      answer = await sendResetLinkAction({ request, params: {}, context: {} });
    } finally {
      env.SMTP_URL = undefined;
    }
    const { data, init } = answer as { data: { result: { error: Record<string, string[]> } }; init: { status: number } };
    expect(init.status).toBe(503);
    expect(data.result.error[""]).toEqual(["Error sending reset link."]);
    expect(await prisma.passwordResetToken.count()).toBe(0);
  });
});
