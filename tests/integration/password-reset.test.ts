import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import {
  deliverPasswordReset,
  isResetTokenUsable,
  resetPasswordWithToken,
  RESET_TOKEN_TTL_MS,
} from "~/models/password-reset.server";
import { createUser } from "~/models/user.server";
import { verifyLogin } from "~/models/user-sign-in.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { sendMail } from "~/utils/mailer.server";
import { rateLimitMessage, rateLimitPolicies, scaledMax } from "~/utils/rate-limit-counter.server";
import { createSession, getUserForSession } from "~/models/session.server";
import { readMail, startSmtpServer } from "../e2e/support/mailbox";
import { truncateAll } from "../support/database-template";
import { callRoute } from "../support/routes";
import { mailsIn } from "../support/outbox";

// Without SMTP_URL mail goes to the outbox folder, which this file points at a temp dir; the tests of
// delivery failures and of timing send through a real SMTP server in this process instead.
const outbox = mkdtempSync(path.join(tmpdir(), "wt-outbox-"));
const smtpDir = mkdtempSync(path.join(tmpdir(), "wt-smtp-"));
env.MAIL_OUTBOX_DIR = outbox;
env.SMTP_URL = undefined;
const BASE = "https://trails.example.edu";
env.APP_URL = BASE;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer(smtpDir);
});
afterAll(async () => {
  await smtp.close();
  rmSync(outbox, { recursive: true, force: true });
  rmSync(smtpDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await settleBackgroundJobs();
  await truncateAll(database);
  for (const dir of [outbox, smtpDir]) for (const file of readdirSync(dir)) rmSync(path.join(dir, file));
  env.SMTP_URL = undefined;
  env.RATE_LIMIT_FACTOR = 1;
});

const mails = () => mailsIn(outbox);

function tokenIn(mail: string) {
  const match = /https:\/\/trails\.example\.edu\/reset\/([A-Za-z0-9_-]+)/.exec(mail);
  expect(match, mail).not.toBeNull();
  return match![1];
}

async function requestToken(email: string, now?: Date) {
  const before = mails().length;
  expect(await deliverPasswordReset(email, now)).toBe("sent");
  const all = mails();
  expect(all.length).toBe(before + 1);
  return tokenIn(all[all.length - 1]);
}

const makeUser = (name: string) => createUser({ username: name, email: `${name}@example.test`, password: "old-pass" });

let client = 0;
/** A reset request as a browser or API client sends it, each from its own address unless told otherwise. */
function ask(where: "page" | "standalone" | "api", email: string, from = `198.51.100.${++client % 250}`) {
  const headers = { "X-Forwarded-For": from, [CLIENT_ADDRESS_HEADER]: from };
  if (where === "api") {
    return callRoute("/api/auth/send-reset-link", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
  }
  const body = new URLSearchParams({ email, ...(where === "page" ? { intent: "reset" } : {}) });
  return callRoute(where === "page" ? "/authorization?formType=reset" : "/send-reset-link", {
    method: "POST",
    headers,
    body,
  });
}

/** What the asker sees: the status, and the flash message or the text. */
async function seen(response: Response) {
  if (response.status === 302)
    return {
      status: 302,
      location: response.headers.get("Location"),
      toast: response.headers.get("Set-Cookie")?.includes("toast"),
    };
  return { status: response.status, text: await response.text() };
}

describe("the outbox", () => {
  test("a mail written there (a reset link is a password for an hour) is readable by its owner only, in a folder only they can list", async () => {
    const written = await sendMail({
      to: "someone@example.test",
      subject: "Reset your Walking Trails password",
      text: "a link",
    });
    if (written.delivered !== "outbox") throw new Error("not written to the outbox");
    expect(statSync(written.file).mode & 0o777).toBe(0o600);
    const fresh = path.join(outbox, "made-by-the-mailer");
    env.MAIL_OUTBOX_DIR = fresh;
    try {
      await sendMail({ to: "someone@example.test", subject: "Hello", text: "x" });
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
    } finally {
      env.MAIL_OUTBOX_DIR = outbox;
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe("password reset tokens", () => {
  test("an unknown email gets no token and no mail", async () => {
    expect(await deliverPasswordReset("nobody@example.test")).toBe("no-account");
    expect(await prisma.passwordResetToken.count()).toBe(0);
    expect(mails()).toEqual([]);
  });

  test("the link is made from APP_URL, carries a random token; only its sha256 is stored, valid for one hour", async () => {
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

  test("a request's Host or forwarded host never makes the link", async () => {
    await makeUser("hosted");
    const response = await callRoute("/api/auth/send-reset-link", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Host: "evil.example",
        "X-Forwarded-Host": "evil.example",
        [CLIENT_ADDRESS_HEADER]: "192.0.2.9",
      },
      body: JSON.stringify({ email: "hosted@example.test" }),
    });
    expect(response.status).toBe(200);
    await settleBackgroundJobs();
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).not.toContain("evil.example");
    tokenIn(mails()[0]);
  });

  test("the mail greets neutrally: nothing anyone typed, such as a username, appears in it", async () => {
    const name = "Evil\nBcc: x@evil.example\nhttp://phish/<b>";
    // Written past the schema on purpose: even a name that should never have been accepted stays out.
    const user = await prisma.user.create({
      data: {
        username: name,
        usernameKey: name,
        usernameShapeKey: name,
        email: "greeted@example.test",
        passwordHash: "x",
      },
    });
    expect(await deliverPasswordReset(user.email)).toBe("sent");
    const [mail] = mails();
    expect(mail).toContain("Hello,");
    for (const fragment of ["Evil", "evil.example", "phish", "<b>"]) expect(mail).not.toContain(fragment);
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
    const results = await Promise.all([
      resetPasswordWithToken(token, "pass-one"),
      resetPasswordWithToken(token, "pass-two"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });
});

describe("asking for a reset link", () => {
  test("known and unknown addresses get the same answer on the sign-in page, the standalone page and the API", async () => {
    await makeUser("known");
    for (const where of ["page", "standalone", "api"] as const) {
      const known = await seen(await ask(where, "known@example.test"));
      const unknown = await seen(await ask(where, "unknown@example.test"));
      expect(unknown, where).toEqual(known);
      if (where === "api")
        expect(known).toEqual({ status: 200, text: "Password reset link has been sent to your email." });
      else expect(known).toMatchObject({ status: 302, toast: true });
    }
    await settleBackgroundJobs();
    expect(mails()).toHaveLength(3);
    expect(mails().every((mail) => mail.includes("To: known@example.test"))).toBe(true);
  });

  test("past a few mails an hour to one address, mails stop but the answer does not change", async () => {
    await makeUser("flooded");
    const perAddress = rateLimitPolicies.resetRequest.account.max;
    const answers: Awaited<ReturnType<typeof seen>>[] = [];
    for (let i = 0; i < perAddress + 3; i++) {
      answers.push(await seen(await ask(i % 2 ? "api" : "standalone", "flooded@example.test")));
      await settleBackgroundJobs();
    }
    expect(answers.filter((answer, i) => JSON.stringify(answer) !== JSON.stringify(answers[i % 2]))).toEqual([]);
    expect(answers[1]).toEqual({ status: 200, text: "Password reset link has been sent to your email." });
    expect(mails()).toHaveLength(perAddress);
    expect(await prisma.passwordResetToken.count()).toBe(perAddress);
  });

  test("one client asking too often gets 429 with Retry-After, whatever the address", async () => {
    env.RATE_LIMIT_FACTOR = 0.1;
    const max = scaledMax(rateLimitPolicies.resetRequest.client.max);
    for (let i = 0; i < max; i++)
      expect((await ask("api", `someone${i}@example.test`, "203.0.113.5")).status).toBe(200);
    const limited = await ask("api", "another@example.test", "203.0.113.5");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({
      message: rateLimitMessage(Number(limited.headers.get("Retry-After"))),
    });
  });

  test("when the mail cannot be sent the answer is the same, no usable token is left, and the failure is logged without the address or token", async () => {
    const user = await makeUser("nomail");
    const ok = await seen(await ask("api", user.email));
    await settleBackgroundJobs();
    env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens there
    env.LOG_LEVEL = "error";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let logged: string[];
    try {
      const failing = await seen(await ask("api", user.email));
      expect(failing).toEqual(ok);
      const page = await ask("standalone", user.email);
      expect(page.status).toBe(302);
      await settleBackgroundJobs();
    } finally {
      logged = errors.mock.calls.map((call) => String(call[0]));
      env.LOG_LEVEL = "silent";
      env.SMTP_URL = undefined;
      errors.mockRestore();
    }
    // The first request's mail went to the outbox; both failed ones left nothing usable behind.
    expect(await prisma.passwordResetToken.count()).toBe(1);
    const lines = logged.filter((line) => line.includes("password reset mail failed"));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain("nomail");
      expect(JSON.parse(line)).toMatchObject({
        level: "error",
        msg: "password reset mail failed",
        error: expect.any(String),
      });
    }
  });

  test("answering takes as long for an unknown address as for a known one (medians over many tries)", async () => {
    await makeUser("timed");
    env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    env.RATE_LIMIT_FACTOR = 1000;
    const durations: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    try {
      for (let i = 0; i < 40; i++) {
        for (const kind of i % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
          const email = kind === "known" ? "timed@example.test" : `nobody${i}@example.test`;
          const started = performance.now();
          const response = await ask(i % 3 === 0 ? "page" : "api", email);
          durations[kind].push(performance.now() - started);
          expect(response.status).toBeLessThan(400);
          // The mail is sent after the answer; it must not overlap the next measurement.
          await settleBackgroundJobs();
        }
      }
    } finally {
      env.SMTP_URL = undefined;
    }
    const known = median(durations.known);
    const unknown = median(durations.unknown);
    expect(
      Math.abs(known - unknown),
      `medians: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`,
    ).toBeLessThan(15);
    // The known address really did get its mails, through SMTP, after each answer.
    expect(readMail(smtpDir).filter((mail) => mail.to === "timed@example.test")).toHaveLength(40);
  }, 120_000);
});
