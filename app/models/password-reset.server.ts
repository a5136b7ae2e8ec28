import { normalizeEmail, setPasswordHash } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import * as tokenMail from "~/utils/token-mail.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const resetMail: tokenMail.LinkMail = {
  what: "password reset",
  prefix: "reset",
  subject: "Reset your Walking Trails password",
  text: (link) =>
    tokenMail.mailText(
      "Someone asked to reset the password of your Walking Trails account. To choose a new password, open this link within one hour:",
      link,
      "If you did not ask for this, ignore this email: your password stays the same.",
    ),
};

type ResetDelivery = "sent" | "no-account" | "suppressed" | "mail-failed";

/**
 * Emails a one-hour, single-use link to the account with this address, if there is one. Each address
 * gets a few mails an hour at most (so the form cannot be used to flood someone's inbox); requests past
 * that are answered like any other but cause no mail. If the mail cannot be sent the token is deleted
 * again: no usable link exists that nobody received.
 */
export async function deliverPasswordReset(email: string, now = new Date()): Promise<ResetDelivery> {
  const address = normalizeEmail(email);
  const user = await prisma.user.findUnique({ where: { email: address }, select: { id: true } });
  if (!user) return "no-account";

  if (!(await tokenMail.mailAllowed("resetRequest", "account", address, "password reset", now))) return "suppressed";

  return tokenMail.mailNewToken(
    resetMail,
    (tokenHash) =>
      prisma.$transaction(async (tx) => {
        // An account that has moved away from this address meanwhile gets no token.
        if ((await tokenMail.lockAccount(tx, user.id))?.email !== address) return null;
        const row = await tx.passwordResetToken.create({
          data: { tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
          select: { id: true },
        });
        return { id: row.id, to: address };
      }),
    (id) => prisma.passwordResetToken.deleteMany({ where: { id } }),
  );
}

/** Whether a token from a link can still be used (to show the form or an explanation on GET). */
export async function isResetTokenUsable(token: string, now = new Date()) {
  const row = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: tokenMail.hashToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return tokenMail.isUsable(row, now);
}

type ResetPasswordResult = { ok: true; userId: string } | { ok: false; reason: "invalid-token" };

/**
 * Sets the new password if the token is unused and unexpired. Using a token voids every other unused
 * token of the user and ends all of the user's sessions, in one transaction.
 */
export async function resetPasswordWithToken(
  token: string,
  newPassword: string,
  now = new Date(),
): Promise<ResetPasswordResult> {
  const tokenHash = tokenMail.hashToken(token);
  const found = await prisma.passwordResetToken.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, usedAt: true, expiresAt: true },
  });
  if (!tokenMail.isUsable(found, now)) return { ok: false, reason: "invalid-token" };
  const passwordHash = await hashPassword(newPassword);
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateMany(tokenMail.claimToken(found.id, now));
    if (claimed.count !== 1) return { ok: false, reason: "invalid-token" } as const;
    await setPasswordHash(tx, found.userId, passwordHash);
    return { ok: true, userId: found.userId } as const;
  });
}

/** Forgets reset tokens that can no longer be used (used, or past their hour). Returns how many. */
export async function sweepSpentResetTokens(now = new Date()) {
  return (await prisma.passwordResetToken.deleteMany(tokenMail.spentTokens(now))).count;
}
