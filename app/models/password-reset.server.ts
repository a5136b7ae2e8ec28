import { normalizeEmail, setPasswordHash } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { log } from "~/utils/logger.server";
import { hashPassword } from "~/utils/password.server";
import { hitRateLimit, rateLimitPolicies, scaledMax } from "~/utils/rate-limit-counter.server";
import { hashToken, mintToken, sendOrForget, tokenLink } from "~/utils/token-mail.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

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

  const { max, windowMs } = rateLimitPolicies.resetRequest.account;
  const limit = await hitRateLimit(`resetRequest:account:${address}`, scaledMax(max), windowMs, now);
  if (!limit.allowed) {
    log("info", "password reset mail suppressed: too many for one address this hour");
    return "suppressed";
  }

  const { token, tokenHash } = mintToken();
  const tokenId = await prisma.$transaction(async (tx) => {
    // Locked and read again: an email or password change committed meanwhile either voids this token
    // (it runs after us) or has already moved the account away from this address (no token at all).
    const [owner] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM "User" WHERE id = ${user.id} AND email = ${address} FOR UPDATE`;
    if (!owner) return null;
    const row = await tx.passwordResetToken.create({
      data: { tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
      select: { id: true },
    });
    return row.id;
  });
  if (!tokenId) return "no-account";

  const mail = {
    to: address,
    subject: "Reset your Walking Trails password",
    text: resetMailText(tokenLink("reset", token)),
  };
  return sendOrForget("password reset", mail, () => prisma.passwordResetToken.deleteMany({ where: { id: tokenId } }));
}

/** The greeting is neutral: a mail never carries text someone else typed (a username could be anything). */
function resetMailText(link: string) {
  return [
    "Hello,",
    "",
    "Someone asked to reset the password of your Walking Trails account. To choose a new password, open this link within one hour:",
    "",
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays the same.",
  ].join("\n");
}

/** Whether a token from a link can still be used (to show the form or an explanation on GET). */
export async function isResetTokenUsable(token: string, now = new Date()) {
  const row = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return Boolean(row && !row.usedAt && row.expiresAt > now);
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
  const tokenHash = hashToken(token);
  const found = await prisma.passwordResetToken.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, usedAt: true, expiresAt: true },
  });
  if (!found || found.usedAt || found.expiresAt <= now) return { ok: false, reason: "invalid-token" };
  const passwordHash = await hashPassword(newPassword);
  return prisma.$transaction(async (tx) => {
    // The conditional update is the single-use guarantee: of two concurrent requests only one matches.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return { ok: false, reason: "invalid-token" } as const;
    await setPasswordHash(tx, found.userId, passwordHash);
    return { ok: true, userId: found.userId } as const;
  });
}

/** Forgets reset tokens that can no longer be used (used, or past their hour). Returns how many. */
export async function sweepSpentResetTokens(now = new Date()) {
  return (
    await prisma.passwordResetToken.deleteMany({
      where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] },
    })
  ).count;
}
