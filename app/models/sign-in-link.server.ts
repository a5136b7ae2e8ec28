import { normalizeEmail, publicUserSelect, type PublicUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import * as tokenMail from "~/utils/token-mail.server";

// One-time sign-in links (decision 040): mailed instead of a session when the right password comes from
// a device without the account's device cookie while many wrong passwords are being tried on it, and
// instead of comparing a password at all once the sign-in limits of the client's address are reached.

export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

type SignInLinkDelivery = "sent" | "no-account" | "suppressed" | "mail-failed";

/** Why the link is mailed, which the mail says: the owner who did not ask learns different things. */
type SignInLinkReason = "under-attack" | "busy-address";

/**
 * Mails a 15-minute, single-use sign-in link to the account's address. A few mails an hour at most per
 * account: whoever knows the password cannot flood the owner's inbox with them. If the mail cannot be
 * sent the token is deleted again: no usable link exists that nobody received.
 */
export async function deliverSignInLink(
  userId: string,
  reason: SignInLinkReason = "under-attack",
  now = new Date(),
): Promise<SignInLinkDelivery> {
  if (!(await tokenMail.mailAllowed("signInLink", "account", userId, "sign-in link", now))) return "suppressed";
  return tokenMail.mailNewToken(
    signInLinkMail(reason),
    (tokenHash) =>
      prisma.$transaction(async (tx) => {
        const owner = await tokenMail.lockAccount(tx, userId);
        if (!owner) return null;
        const row = await tx.signInLinkToken.create({
          data: { tokenHash, userId, expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS) },
          select: { id: true },
        });
        return { id: row.id, to: owner.email };
      }),
    (id) => prisma.signInLinkToken.deleteMany({ where: { id } }),
  );
}

/**
 * The same link for the account with this address, if there is one: for a sign-in whose password was not
 * compared because its client's address reached the sign-in limits. Run after the answer, which is the
 * same, in the same time, whether or not the address has an account.
 */
export async function deliverSignInLinkTo(email: string, now = new Date()): Promise<SignInLinkDelivery> {
  const user = await prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true } });
  return user ? deliverSignInLink(user.id, "busy-address", now) : "no-account";
}

/**
 * The mail says why it came: the owner who did not ask for it has either just learnt that someone else
 * knows the password, or only that someone typed their address on a busy network.
 */
function signInLinkMail(reason: SignInLinkReason): tokenMail.LinkMail {
  const [why, ifNotYou] =
    reason === "under-attack"
      ? [
          "Someone entered the right password for your Walking Trails account on a device we do not recognise, while many wrong passwords were being tried on the account. To finish signing in, open this link within 15 minutes and press Finish signing in:",
          "If this was not you, ignore this link and change your password: someone else knows it. Nobody can sign in from a new device without this link while the wrong passwords go on.",
        ]
      : [
          "Someone asked to sign in to your Walking Trails account from a network where very many sign-ins were being tried, so no password was checked there. To sign in, open this link within 15 minutes and press Finish signing in:",
          "If this was not you, ignore this email: nothing has changed, and nobody can use the link without it.",
        ];
  return {
    what: "sign-in link",
    prefix: "signin-link",
    subject: "Finish signing in to Walking Trails",
    text: (link) => tokenMail.mailText(why, link, ifNotYou),
  };
}

/**
 * The account a usable link signs in to, as its page names it (GET shows it with the button, or an
 * explanation; it consumes nothing): the username, and the email partly masked. Null when not usable.
 */
export async function signInLinkAccount(token: string, now = new Date()) {
  const row = await prisma.signInLinkToken.findUnique({
    where: { tokenHash: tokenMail.hashToken(token) },
    select: { usedAt: true, expiresAt: true, user: { select: { username: true, email: true } } },
  });
  return tokenMail.isUsable(row, now) ? { username: row.user.username, maskedEmail: maskEmail(row.user.email) } : null;
}

/** "ana.lopez@example.edu" as "an•••••••@example.edu": enough for its owner to know it, little for others. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const shown = [...local].slice(0, local.length > 3 ? 2 : 1).join("");
  return `${shown}${"•".repeat(Math.max(1, [...local].length - [...shown].length))}${email.slice(at)}`;
}

type ConsumeResult = { ok: true; user: PublicUser } | { ok: false; reason: "invalid-token" };

/** Uses the token once: of two concurrent requests only one signs in. */
export async function consumeSignInLink(token: string, now = new Date()): Promise<ConsumeResult> {
  const found = await prisma.signInLinkToken.findUnique({
    where: { tokenHash: tokenMail.hashToken(token) },
    select: { id: true, userId: true },
  });
  if (!found) return { ok: false, reason: "invalid-token" };
  const claimed = await prisma.signInLinkToken.updateMany(tokenMail.claimToken(found.id, now));
  if (claimed.count !== 1) return { ok: false, reason: "invalid-token" };
  const user = await prisma.user.findUnique({ where: { id: found.userId }, select: publicUserSelect });
  return user ? { ok: true, user } : { ok: false, reason: "invalid-token" };
}

/** Forgets sign-in links that can no longer be used (used, or past their 15 minutes). Returns how many. */
export async function sweepSpentSignInLinks(now = new Date()) {
  return (await prisma.signInLinkToken.deleteMany(tokenMail.spentTokens(now))).count;
}
