import { maskEmail } from "~/models/sign-in-link.server";
import { setConfirmedEmail, type PublicUser } from "~/models/user.server";
import { updateUserProfile } from "~/models/user-ownership.server";
import { runAfterAnswer } from "~/utils/background.server";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import * as tokenMail from "~/utils/token-mail.server";

// One's own new email changes only when the link mailed to it is opened (docs/security.md). The answer to
// the request is the same whatever the address; whether another account has it is settled after the
// answer, out of the asker's sight: a free address gets the link, a taken one's owner is told that
// someone tried, and neither tells the asker anything.

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const confirmMail: tokenMail.LinkMail = {
  what: "email change",
  prefix: "confirm-email",
  subject: "Confirm your new Walking Trails email",
  text: (link) =>
    tokenMail.mailText(
      "Someone asked to make this address the email of their Walking Trails account. To do so, open this link within 24 hours and press Confirm new email:",
      link,
      "If you did not ask for this, ignore this email: nothing changes.",
    ),
};

type Editor = Parameters<typeof updateUserProfile>[2];

/**
 * A profile update from the page or the API: `updateUserProfile`, then the mails it calls for, sent after
 * the answer: the link (or the owner's warning) for one's own new email, and the notice to the old address
 * when an administrator changed it directly.
 */
export async function submitProfileUpdate(
  userId: string,
  changes: Parameters<typeof updateUserProfile>[1],
  editor: Editor,
) {
  const updated = await updateUserProfile(userId, changes, editor);
  if (updated.ok && updated.emailPending !== null) {
    const address = updated.emailPending;
    runAfterAnswer("email change mail", () => deliverEmailChange(userId, address));
  }
  if (updated.ok && updated.emailChangedFrom !== null) {
    const { emailChangedFrom: from, user } = updated;
    runAfterAnswer("email changed notice", () => noticeEmailChanged(from, user.email));
  }
  return updated;
}

type EmailChangeDelivery = "sent" | "address-taken" | "suppressed" | "no-account" | "mail-failed";

/**
 * Mails a single-use link, valid EMAIL_CHANGE_TTL_MS, to the new address; it replaces any earlier pending
 * one of the account. When another account has the address, no link is made: its owner is told that
 * someone tried. A few mails an hour at most reach one address, from however many accounts.
 */
export async function deliverEmailChange(
  userId: string,
  newEmail: string,
  now = new Date(),
): Promise<EmailChangeDelivery> {
  if (!(await tokenMail.mailAllowed("emailConfirm", "address", newEmail, "email change", now))) return "suppressed";
  const owner = await prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
  if (owner && owner.id !== userId) {
    const mail = {
      to: newEmail,
      subject: "Someone tried to use your email on Walking Trails",
      text: addressTakenMailText(),
    };
    const sent = await tokenMail.sendOrForget("email already taken", mail);
    return sent === "sent" ? "address-taken" : sent;
  }
  return tokenMail.mailNewToken(
    confirmMail,
    (tokenHash) =>
      prisma.$transaction(async (tx) => {
        if (!(await tokenMail.lockAccount(tx, userId))) return null;
        await tx.emailChangeToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
        const row = await tx.emailChangeToken.create({
          data: { tokenHash, userId, newEmail, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS) },
          select: { id: true },
        });
        return { id: row.id, to: newEmail };
      }),
    (id) => prisma.emailChangeToken.deleteMany({ where: { id } }),
  );
}

function addressTakenMailText() {
  return tokenMail.mailText(
    "Someone signed in to another Walking Trails account asked to change that account's email to this address, which is already the email of your account. Nothing was changed: your account is as it was, and no link was sent.",
    "If that was you, give the other account a different address. If not, you need do nothing.",
  );
}

/** To the address an account just left: if the owner did not do it, they hear of it. */
async function noticeEmailChanged(oldEmail: string, newEmail: string) {
  const text = tokenMail.mailText(
    `The email of your Walking Trails account was changed to ${maskEmail(newEmail)}. Mail about the account, password resets included, goes there from now on.`,
    "If you did not change it, ask the Walking Trails administrators for help.",
  );
  return tokenMail.sendOrForget("email changed notice", {
    to: oldEmail,
    subject: "Your Walking Trails email was changed",
    text,
  });
}

/** What a usable link would do, as its page shows it (GET consumes nothing): the account and the new email. */
export async function emailChangeRequest(token: string, now = new Date()) {
  const row = await prisma.emailChangeToken.findUnique({
    where: { tokenHash: tokenMail.hashToken(token) },
    select: { usedAt: true, expiresAt: true, newEmail: true, user: { select: { username: true } } },
  });
  return tokenMail.isUsable(row, now) ? { username: row.user.username, newEmail: row.newEmail } : null;
}

type ConfirmResult = { ok: true; user: PublicUser } | { ok: false; reason: "invalid-token" | "email-taken" };

/**
 * Uses the link once: of two concurrent requests only one changes the email. The address is checked again
 * here (another account may have taken it since the link was sent), and the unique index has the last
 * word: a confirmation never makes two accounts share an email. A taken address spends the link. The
 * session that confirms stays signed in when it is the account's own; every other one ends, as with any
 * new email, and the old address is told.
 */
export async function confirmEmailChange(
  token: string,
  sessionId: string | null,
  now = new Date(),
): Promise<ConfirmResult> {
  const found = await prisma.emailChangeToken.findUnique({
    where: { tokenHash: tokenMail.hashToken(token) },
    select: { id: true, userId: true, newEmail: true },
  });
  if (!found) return { ok: false, reason: "invalid-token" };
  let result: ConfirmResult & { from?: string };
  try {
    result = await prisma.$transaction(async (tx) => {
      const claimed = await tx.emailChangeToken.updateMany(tokenMail.claimToken(found.id, now));
      if (claimed.count !== 1) return { ok: false, reason: "invalid-token" } as const;
      const [account] = await tx.$queryRaw<
        { email: string }[]
      >`SELECT email FROM "User" WHERE id = ${found.userId} FOR UPDATE`;
      if (!account) return { ok: false, reason: "invalid-token" } as const;
      const taken = await tx.user.findFirst({
        where: { email: found.newEmail, NOT: { id: found.userId } },
        select: { id: true },
      });
      if (taken) return { ok: false, reason: "email-taken" } as const;
      const user = await setConfirmedEmail(tx, found.userId, found.newEmail, sessionId ?? undefined);
      return { ok: true, user, from: account.email } as const;
    });
  } catch (error) {
    // Another account took the address between our check and our write.
    if (violates(error, "unique")) return { ok: false, reason: "email-taken" };
    throw error;
  }
  if (result.ok && result.from && result.from !== result.user.email) {
    const from = result.from;
    const to = result.user.email;
    runAfterAnswer("email changed notice", () => noticeEmailChanged(from, to));
  }
  return result.ok ? { ok: true, user: result.user } : result;
}

/** Forgets email change links that can no longer be used (used, or past their day). Returns how many. */
export async function sweepSpentEmailChanges(now = new Date()) {
  return (await prisma.emailChangeToken.deleteMany(tokenMail.spentTokens(now))).count;
}
