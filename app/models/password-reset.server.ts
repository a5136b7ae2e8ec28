import { createHash, randomBytes } from "node:crypto";
import { normalizeEmail, setPasswordHash } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { log } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";
import { hashPassword } from "~/utils/password.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export function resetLink(baseUrl: string, token: string) {
  return new URL(`/reset/${encodeURIComponent(token)}`, baseUrl).toString();
}

export type ResetRequestResult = { ok: true } | { ok: false; reason: "mail-failed" };

/**
 * Emails a one-hour, single-use link to reset the password. The result is the same whether or not the
 * address has an account, so the form cannot be used to find out who is registered. If the mail cannot
 * be sent the token is deleted again: no usable link exists that nobody received.
 */
export async function requestPasswordReset(email: string, baseUrl: string, now = new Date()): Promise<ResetRequestResult> {
  const user = await prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true, username: true, email: true } });
  if (!user) return { ok: true };
  const token = randomBytes(32).toString("base64url");
  const row = await prisma.passwordResetToken.create({
    data: { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
    select: { id: true },
  });
  const link = resetLink(baseUrl, token);
  try {
    await sendMail({
      to: user.email,
      subject: "Reset your Walking Trails password",
      text: [
        `Hello ${user.username},`,
        "",
        "Someone asked to reset the password of your Walking Trails account. To choose a new password, open this link within one hour:",
        "",
        link,
        "",
        "If you did not ask for this, ignore this email: your password stays the same.",
      ].join("\n"),
    });
    return { ok: true };
  } catch (error) {
    await prisma.passwordResetToken.deleteMany({ where: { id: row.id } });
    log("error", "password reset mail failed", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, reason: "mail-failed" };
  }
}

/** Whether a token from a link can still be used (to show the form or an explanation on GET). */
export async function isResetTokenUsable(token: string, now = new Date()) {
  const row = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return Boolean(row && !row.usedAt && row.expiresAt > now);
}

export type ResetPasswordResult = { ok: true; userId: string } | { ok: false; reason: "invalid-token" };

/**
 * Sets the new password if the token is unused and unexpired. Using a token voids every other unused
 * token of the user and ends all of the user's sessions, in one transaction.
 */
export async function resetPasswordWithToken(token: string, newPassword: string, now = new Date()): Promise<ResetPasswordResult> {
  const tokenHash = hashToken(token);
  const found = await prisma.passwordResetToken.findUnique({ where: { tokenHash }, select: { id: true, userId: true, usedAt: true, expiresAt: true } });
  if (!found || found.usedAt || found.expiresAt <= now) return { ok: false, reason: "invalid-token" };
  const passwordHash = await hashPassword(newPassword);
  return prisma.$transaction(async (tx) => {
    // The conditional update is the single-use guarantee: of two concurrent requests only one matches.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return { ok: false, reason: "invalid-token" } as const;
    await tx.passwordResetToken.updateMany({ where: { userId: found.userId, usedAt: null }, data: { usedAt: now } });
    await setPasswordHash(tx, found.userId, passwordHash);
    return { ok: true, userId: found.userId } as const;
  });
}
