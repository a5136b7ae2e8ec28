// One's own new email changes only through a link mailed to it, so a signed-in account cannot test which
// addresses are registered: the profile page and the API answer a taken and a free address alike, the
// free one gets the link, the taken one's owner is told someone tried, and the link is used once, within
// its day, and never makes two accounts share an address.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { confirmEmailChange, deliverEmailChange, EMAIL_CHANGE_TTL_MS } from "~/models/email-change.server";
import { createSession, getUserForSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { verifyLogin } from "~/models/user-sign-in.server";
import { getToast } from "~/http/toast.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { truncateAll } from "../support/database-template";
import { mailsIn } from "../support/outbox";
import { callRoute, pageText } from "../support/routes";

const outbox = mkdtempSync(path.join(tmpdir(), "wt-email-change-"));
const BASE = "https://trails.example.edu";

beforeEach(async () => {
  await settleBackgroundJobs();
  await truncateAll(database);
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file));
  env.MAIL_OUTBOX_DIR = outbox;
  env.SMTP_URL = undefined;
  env.APP_URL = BASE;
  env.RATE_LIMIT_FACTOR = 1;
});
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

/** The mails written so far, once every mail the answers queued has gone. */
async function mails() {
  await settleBackgroundJobs();
  return mailsIn(outbox).map((raw) => ({
    to: /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
    subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
    // Quoted-printable undone, so "•" reads as itself.
    raw: Buffer.from(
      raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  }));
}

function linkIn(mail: string) {
  return /https:\/\/trails\.example\.edu\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? null;
}

async function account(name: string, role: "User" | "Admin" = "User") {
  const user = await createUser({ username: name, email: `${name}@example.test`, password: `pw-${name}`, role });
  // Signed in just now: an email change needs no current password in the first 10 minutes.
  return { ...user, password: `pw-${name}`, session: (await createSession(user.id)).id };
}

async function emailOf(userId: string) {
  return (await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })).email;
}

/** What the asker learns, with the address they typed put back to a placeholder. */
type Seen = { status: number; location?: string | null; message?: string; keys?: string[]; email?: string };

const surfaces = {
  async page(user: { id: string; session: string }, fields: Record<string, string>, typed: string): Promise<Seen> {
    const response = await callRoute("/userControlPanel", {
      method: "POST",
      sessionId: user.session,
      body: new URLSearchParams({ intent: "update", ...fields }),
    });
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__toast="));
    const { toast } = await getToast(new Request(BASE, { headers: { Cookie: cookie?.split(";")[0] ?? "" } }));
    return {
      status: response.status,
      location: response.headers.get("Location"),
      message: toast?.message.replace(typed, "<typed>"),
    };
  },
  async api(user: { id: string; session: string }, fields: Record<string, string>, typed: string): Promise<Seen> {
    const response = await callRoute(`/api/user/updateProfile/${user.id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${user.session}`, "Content-Type": "application/json" },
      body: JSON.stringify(fields),
    });
    const body = await response.json();
    return {
      status: response.status,
      keys: Object.keys(body).sort(),
      message: body.message?.replace(typed, "<typed>"),
      email: body.email,
    };
  },
};

describe.each(Object.keys(surfaces) as (keyof typeof surfaces)[])("a new email on the %s", (surface) => {
  const send = surfaces[surface];

  test("answers a taken and a free address alike; the other fields apply, the email waits for its link", async () => {
    await account(`owner${surface}`);
    const taken = `owner${surface}@example.test`;
    const free = `nobody${surface}@example.test`;
    const asker = await account(`asker${surface}`);
    const other = await account(`other${surface}`);
    const toTaken = await send(asker, { email: taken.toUpperCase(), age: "40" }, taken);
    const toFree = await send(other, { email: free, age: "40" }, free);
    expect(toTaken).toEqual({ ...toFree, ...(surface === "api" ? { email: asker.email } : {}) });
    expect(toTaken.message).toBe("Profile Updated! We sent a link to <typed>: your email changes when you open it.");
    if (surface === "page") expect(toTaken).toMatchObject({ status: 302, location: "/userControlPanel" });
    else expect(toTaken).toMatchObject({ status: 200, email: asker.email });
    for (const user of [asker, other]) {
      expect(await emailOf(user.id)).toBe(user.email);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { age: true } })).age).toBe(40);
      // Nothing is ended by asking: the change has not happened.
      expect(await getUserForSession(user.session)).not.toBeNull();
    }
  });

  test("an address alone answers with the same sentence for a taken and a free one", async () => {
    await account(`held${surface}`);
    const asker = await account(`alone${surface}`);
    const other = await account(`alone2${surface}`);
    const taken = await send(asker, { email: `held${surface}@example.test` }, `held${surface}@example.test`);
    const free = await send(other, { email: `fresh${surface}@example.test` }, `fresh${surface}@example.test`);
    expect(taken).toEqual({ ...free, ...(surface === "api" ? { email: asker.email } : {}) });
    expect(taken.message).toBe("We sent a link to <typed>: your email changes when you open it.");
  });

  test("the free address gets the link; the taken address's owner is told someone tried, and gets no link", async () => {
    const owner = await account(`mine${surface}`);
    const asker = await account(`trier${surface}`);
    const mover = await account(`mover${surface}`);
    await send(asker, { email: owner.email }, owner.email);
    await send(mover, { email: `moved${surface}@example.test` }, `moved${surface}@example.test`);
    const sent = await mails();
    expect(sent.map(({ to, subject }) => ({ to, subject })).sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: owner.email, subject: "Someone tried to use your email on Walking Trails" },
      { to: `moved${surface}@example.test`, subject: "Confirm your new Walking Trails email" },
    ]);
    const warning = sent.find((mail) => mail.to === owner.email)!;
    expect(linkIn(warning.raw)).toBeNull();
    expect(warning.raw).not.toContain(asker.username);
    expect(linkIn(sent.find((mail) => mail.to !== owner.email)!.raw)).not.toBeNull();
    expect(await prisma.emailChangeToken.count({ where: { userId: asker.id } })).toBe(0);
  });
});

/** Asks for a new email through the API and returns the link's token from the mail. */
async function requestLink(user: { id: string; session: string }, newEmail: string) {
  expect((await surfaces.api(user, { email: newEmail }, newEmail)).status).toBe(200);
  const mail = (await mails()).filter((sent) => sent.to === newEmail).at(-1);
  const token = mail && linkIn(mail.raw);
  expect(token, "a link in the mail").toBeTruthy();
  return token!;
}

const confirm = (token: string, sessionId?: string) =>
  callRoute(`/confirm-email/${token}`, { method: "POST", sessionId, body: new URLSearchParams({ intent: "confirm" }) });

describe("the confirmation link", () => {
  test("opening it changes nothing; its button (a plain form) moves the account to the new address and tells the old one", async () => {
    const user = await account("linked");
    const elsewhere = (await createSession(user.id)).id;
    const token = await requestLink(user, "linked.new@example.test");
    const shown = await callRoute(`/confirm-email/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    const html = await shown.text();
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain("linked.new@example.test");
    expect(html).toContain("linked");
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await prisma.emailChangeToken.findFirstOrThrow({ where: { userId: user.id } })).usedAt).toBeNull();

    const done = await confirm(token, user.session);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/userControlPanel");
    expect(await emailOf(user.id)).toBe("linked.new@example.test");
    expect(await verifyLogin("linked.new@example.test", user.password)).not.toBeNull();
    // The confirming session stays; the account's other sign-ins end, as with any new email.
    expect(await getUserForSession(user.session)).not.toBeNull();
    expect(await getUserForSession(elsewhere)).toBeNull();
    const notice = (await mails()).find((mail) => mail.to === user.email);
    expect(notice?.subject).toBe("Your Walking Trails email was changed");
    expect(notice?.raw).toContain("changed to li••••••••@example.test.");
  });

  test("works once: a second use, or a use from elsewhere after it, is refused with a clear message", async () => {
    const user = await account("once");
    const token = await requestLink(user, "once.new@example.test");
    const first = await confirm(token);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/authorization?formType=signin");
    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(await pageText(again)).toContain(
      "This email confirmation link is invalid, has expired or has already been used.",
    );
    expect(await pageText(await callRoute(`/confirm-email/${token}`))).toContain(
      "This email confirmation link is invalid",
    );
  });

  test("two confirmations at once change the email once", async () => {
    const user = await account("race");
    const token = await requestLink(user, "race.new@example.test");
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410, 410]);
  });

  test("expires after a day", async () => {
    const user = await account("late");
    const token = await requestLink(user, "late.new@example.test");
    expect(await confirmEmailChange(token, null, new Date(Date.now() + EMAIL_CHANGE_TTL_MS + 1000))).toEqual({
      ok: false,
      reason: "invalid-token",
    });
    await prisma.emailChangeToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await confirm(token)).status).toBe(410);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  test("only the latest request's link works, and a new password voids a pending one", async () => {
    const user = await account("latest");
    const first = await requestLink(user, "latest.one@example.test");
    const second = await requestLink(user, "latest.two@example.test");
    expect((await confirm(first)).status).toBe(410);
    const third = await requestLink(user, "latest.three@example.test");
    const changed = await surfaces.api(user, { password: "brand-new-pass", confirmPassword: "brand-new-pass" }, "");
    expect(changed.status).toBe(200);
    expect((await confirm(second)).status).toBe(410);
    expect((await confirm(third)).status).toBe(410);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  test("an address someone registered after the link was sent is checked again: no two accounts share it", async () => {
    const user = await account("beaten");
    const token = await requestLink(user, "contested@example.test");
    await createUser({ username: "quicker", email: "contested@example.test", password: "pw-quicker" });
    const refused = await confirm(token, user.session);
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain("Another account now has this email, so yours was not changed.");
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await prisma.user.count({ where: { email: "contested@example.test" } })).toBe(1);
  });

  test("mails to one address are few an hour, whoever asks: the answer stays the same", async () => {
    const target = "popular@example.test";
    const askers = await Promise.all([1, 2, 3, 4, 5].map((i) => account(`asker${i}`)));
    const answers = [];
    for (const asker of askers) answers.push(await surfaces.api(asker, { email: target }, target));
    expect(new Set(answers.map((answer) => JSON.stringify({ ...answer, email: undefined }))).size).toBe(1);
    expect((await mails()).filter((mail) => mail.to === target)).toHaveLength(3);
  });

  test("a made-up token shows the explanation, and its button does nothing", async () => {
    expect(await pageText(await callRoute(`/confirm-email/${"f".repeat(43)}`))).toContain(
      "This email confirmation link is invalid",
    );
    expect(await deliverEmailChange("no-such-user", "ghost@example.test")).toBe("no-account");
    expect((await confirm("f".repeat(43))).status).toBe(410);
  });
});

describe("an administrator changing someone else's email", () => {
  test("changes it at once (administrators see every address anyway), refuses a taken one, and tells the old address", async () => {
    const admin = await account("chief", "Admin");
    const user = await account("managed");
    await account("holder");
    const taken = await surfaces.api(
      { id: user.id, session: admin.session },
      { email: "holder@example.test" },
      "holder@example.test",
    );
    expect(taken).toMatchObject({ status: 409, message: "An account with this email already exists." });
    expect(await emailOf(user.id)).toBe(user.email);
    const moved = await callRoute(`/api/user/updateProfile/${user.id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${admin.session}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "managed.moved@example.test" }),
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({
      _id: user.id,
      username: "managed",
      email: "managed.moved@example.test",
      roleType: "User",
    });
    expect(await emailOf(user.id)).toBe("managed.moved@example.test");
    const sent = await mails();
    expect(sent.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: user.email, subject: "Your Walking Trails email was changed" },
    ]);
  });
});
