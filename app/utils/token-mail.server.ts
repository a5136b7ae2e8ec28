import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";
import { counterKey, hitRateLimit, rateLimitPolicies, scaledMax } from "~/utils/rate-limit-counter.server";

// What every mailed one-time link shares (password reset, sign-in link, email confirmation): how its
// token is made and stored, where its link points, and what happens when its mail cannot be sent.

/** A new random token (what the link carries) and its SHA-256 (all the database keeps). */
function mintToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** A leaked table of these hashes cannot be turned back into working links. */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Links in mails come only from APP_URL, never from anything a request said about its host. */
function tokenLink(prefix: string, token: string) {
  return new URL(`/${prefix}/${encodeURIComponent(token)}`, env.APP_URL).toString();
}

/**
 * Counts one mail to an account or an address under its policy's per-account limit, so that no form can
 * flood an inbox. Past the limit the request is answered like any other but no mail goes; a line says so.
 */
export async function mailAllowed(
  policy: "resetRequest" | "signInLink" | "emailConfirm",
  per: "account" | "address",
  recipient: string,
  what: string,
  now: Date,
) {
  const { max, windowMs } = rateLimitPolicies[policy].account;
  const limit = await hitRateLimit(counterKey(policy, per, recipient), scaledMax(max), windowMs, now);
  if (!limit.allowed) log("info", `${what} mail suppressed: too many for one ${per} this hour`);
  return limit.allowed;
}

/** A mail's text, greeting and paragraphs: neutral, it carries nothing anyone typed (a username could be anything). */
export function mailText(...paragraphs: string[]) {
  return ["Hello,", ...paragraphs].join("\n\n");
}

type TokenRow = { usedAt: Date | null; expiresAt: Date };

/** Whether a stored token can still be used: found, not used, not expired. */
export function isUsable<T extends TokenRow>(row: T | null, now: Date): row is T {
  return Boolean(row && !row.usedAt && row.expiresAt > now);
}

/**
 * The conditional update that uses a token once: of two concurrent requests only one matches, so a
 * caller goes on only when it changed one row.
 */
export function claimToken(id: string, now: Date) {
  return { where: { id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } };
}

/** The tokens housekeeping forgets: used, or past their time. */
export function spentTokens(now: Date) {
  return { where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] } };
}

type Mail = { to: string; subject: string; text: string };

/**
 * Locks the account's row while a token for it is stored, and reads its email (null when it is gone): an
 * email or password change committed meanwhile either voids the token (it runs after us) or is what we read.
 */
export async function lockAccount(tx: Prisma.TransactionClient, userId: string) {
  const [account] = await tx.$queryRaw<{ email: string }[]>`SELECT email FROM "User" WHERE id = ${userId} FOR UPDATE`;
  return account ?? null;
}

/** One kind of mailed link: what the logs call it, where it points, and its mail. */
export type LinkMail = { what: string; prefix: string; subject: string; text: (link: string) => string };

/**
 * Makes a token and mails its link. `store` keeps the token's hash (under `lockAccount`) and says where
 * the mail goes, or null when there is no account to send it for; `forget` deletes the stored token
 * again when the mail cannot be sent.
 */
export async function mailNewToken(
  link: LinkMail,
  store: (tokenHash: string) => Promise<{ id: string; to: string } | null>,
  forget: (id: string) => Promise<unknown>,
): Promise<"sent" | "mail-failed" | "no-account"> {
  const { token, tokenHash } = mintToken();
  const stored = await store(tokenHash);
  if (!stored) return "no-account";
  const mail = { to: stored.to, subject: link.subject, text: link.text(tokenLink(link.prefix, token)) };
  return sendOrForget(link.what, mail, () => forget(stored.id));
}

/**
 * Sends a mail and says whether it went. When it could not, `forget` runs (deleting the token it carried:
 * no usable link exists that nobody received) and one error line is logged under `what`, without the
 * error's own message, which may quote the recipient: its code says what went wrong well enough.
 */
export async function sendOrForget(
  what: string,
  mail: Mail,
  forget: () => Promise<unknown> = async () => {},
): Promise<"sent" | "mail-failed"> {
  try {
    await sendMail(mail);
    return "sent";
  } catch (error) {
    await forget();
    const code = (error as { code?: unknown }).code;
    log("error", `${what} mail failed`, {
      error: typeof code === "string" ? code : error instanceof Error ? error.name : "unknown",
    });
    return "mail-failed";
  }
}
