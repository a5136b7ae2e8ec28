// Changes only an account's owner may make, or must prove they may: the profile update (a new email or
// password needs the current password or a recent sign-in; administrators never set a person's own
// details) and deleting one's own account. Storage and refusals are in user.server.ts.
import type { Prisma } from "~/generated/prisma/client";
import { nfkc } from "~/lib/nfkc";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { hitRateLimit, refundRateLimit, scaledMax, signInPolicy } from "~/utils/rate-limit-counter.server";
import {
  type AccountConflict,
  type TooManyProofAttempts,
  findAccountConflicts,
  usernameFields,
  voidCredentials,
  type DeleteUserResult,
  deleteUserAccount,
  publicUserSelect,
  type PublicUser,
  normalizeEmail,
} from "~/models/user.server";

type ProfileChanges = {
  username?: string;
  email?: string;
  gender?: string;
  age?: number;
  ethnicity?: string;
  community?: string;
  password?: string;
  /** Proof that the owner is asking, for a change of email or password (see `proveOwnership`). */
  currentPassword?: string;
};

/** A person's own details (decision 045): administrators neither see nor set them. */
const privateFields = ["gender", "age", "ethnicity", "community"] as const;

/** Who asks for a profile change: the session (or bearer token, which is a session id) it came with. */
type ProfileEditor = { userId: string; role: "User" | "Admin"; sessionId: string | null };

/** A sign-in this recent proves the owner as well as the current password does (OWASP ASVS V3.7.1). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

type ProofRefusal = { reason: "proof-required" | "wrong-current-password" } | TooManyProofAttempts;

type ProfileUpdateResult =
  | {
      ok: true;
      user: PublicUser;
      passwordChanged: boolean;
      /** The address an administrator's direct change moved the account from (for the notice to it). */
      emailChangedFrom: string | null;
      /** One's own new email, which changes only through the link mailed to it (`app/models/email-change.server.ts`). */
      emailPending: string | null;
      /** Whether anything but the pending email changed. */
      changed: boolean;
    }
  | { ok: false; reason: "no-changes"; user: PublicUser }
  | { ok: false; reason: "not-found" | "not-your-profile" | "private-fields" }
  | ({ ok: false } & ProofRefusal)
  | { ok: false; reason: "conflict"; conflicts: AccountConflict[] };

/** One comparison with the account's password, counted against the same kind of limit as sign-in. */
async function countPasswordGuess(userId: string, now: Date) {
  const { max, windowMs } = signInPolicy.clientAccount;
  const key = `currentPassword:account:${userId}`;
  const hit = await hitRateLimit(key, scaledMax(max), windowMs, now);
  const limited: TooManyProofAttempts = {
    reason: "too-many-proof-attempts",
    retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)),
  };
  return { allowed: hit.allowed, limited, giveBack: () => refundRateLimit(key, now) };
}

/**
 * Whether one's own new password is the current one (the old client resends it with every update), which
 * makes it no change. The answer tells whoever holds the session whether a guess was right, so each
 * comparison counts as a guess (given back when right): once guessing is limited, nothing is compared.
 */
async function isCurrentPassword(
  userId: string,
  password: string,
  passwordHash: string,
  now: Date,
): Promise<boolean | TooManyProofAttempts> {
  const guess = await countPasswordGuess(userId, now);
  if (!guess.allowed) return guess.limited;
  const same = await verifyPassword(password, passwordHash);
  if (same) await guess.giveBack();
  return same;
}

/**
 * Whether the person changing their own email or password is the owner, not someone holding a stolen or
 * forgotten session: the current password, or a session that signed in within RECENT_SIGN_IN_MS. How
 * recent comes from the session's row, never from anything the client sends. Wrong passwords count
 * against the same kind of limit as sign-in, so this is no way around it.
 */
async function proveOwnership(
  userId: string,
  currentPassword: string | undefined,
  sessionId: string | null,
  now: Date,
): Promise<ProofRefusal | null> {
  if (currentPassword === undefined) {
    const session = sessionId
      ? await prisma.session.findFirst({ where: { id: sessionId, userId }, select: { createdAt: true } })
      : null;
    const recent = session !== null && now.getTime() - session.createdAt.getTime() <= RECENT_SIGN_IN_MS;
    return recent ? null : { reason: "proof-required" };
  }
  const guess = await countPasswordGuess(userId, now);
  if (!guess.allowed) return guess.limited;
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return row && (await verifyPassword(currentPassword, row.passwordHash)) ? null : { reason: "wrong-current-password" };
}

/**
 * Applies a profile update: missing fields keep their current value, and an update that changes nothing
 * is reported as such (with the account as it is). One's own password sent again unchanged is no change
 * (the old client resends it with every update). Changing one's own email or password needs proof of
 * ownership; an administrator changing someone else's needs none, but may not send their age, gender,
 * ethnicity or community at all. One's own new email is not applied here: it comes back as `emailPending`,
 * whatever the address, and changes when the link mailed to it is opened, so the answer never says
 * whether another account has it. An administrator's change of someone else's email applies at once
 * (administrators see every account's email anyway: a 409 tells them nothing new). A new password or
 * email voids, in the same transaction, every unused token of the user and every other session (all of
 * them when an administrator made it).
 */
export async function updateUserProfile(
  userId: string,
  changes: ProfileChanges,
  editor: ProfileEditor,
  now = new Date(),
): Promise<ProfileUpdateResult> {
  const self = editor.userId === userId;
  if (!self && editor.role !== "Admin") return { ok: false, reason: "not-your-profile" };
  // Refused before anything is read, so the answer says nothing about the stored values.
  if (!self && privateFields.some((field) => changes[field] !== undefined))
    return { ok: false, reason: "private-fields" };
  const found = await prisma.user.findUnique({
    where: { id: userId },
    select: { ...publicUserSelect, passwordHash: true },
  });
  if (!found) return { ok: false, reason: "not-found" };
  const { passwordHash, ...current } = found;
  const data: Prisma.UserUpdateInput = {};
  if (changes.username !== undefined && nfkc(changes.username) !== current.username)
    Object.assign(data, usernameFields(changes.username));
  const newEmail =
    changes.email !== undefined && normalizeEmail(changes.email) !== current.email
      ? normalizeEmail(changes.email)
      : null;
  if (newEmail !== null && !self) data.email = newEmail;
  const emailPending = self ? newEmail : null;
  if (changes.gender !== undefined && changes.gender !== current.gender) data.gender = changes.gender;
  if (changes.age !== undefined && changes.age !== current.age) data.age = changes.age;
  if (changes.ethnicity !== undefined && changes.ethnicity !== current.ethnicity) data.ethnicity = changes.ethnicity;
  if (changes.community !== undefined && changes.community !== current.community) data.community = changes.community;
  const emailChanged = data.email !== undefined;
  // With the current password sent as proof, it is checked first, so comparing the new one guesses nothing.
  let proven = false;
  if (self && changes.currentPassword !== undefined && (changes.password !== undefined || emailPending !== null)) {
    const refusal = await proveOwnership(userId, changes.currentPassword, editor.sessionId, now);
    if (refusal) return { ok: false, ...refusal };
    proven = true;
  }
  let samePassword: boolean | TooManyProofAttempts = false;
  if (self && changes.password !== undefined) {
    samePassword = proven
      ? await verifyPassword(changes.password, passwordHash)
      : await isCurrentPassword(userId, changes.password, passwordHash, now);
  }
  if (typeof samePassword === "object") return { ok: false, ...samePassword };
  const passwordChanged = changes.password !== undefined && !samePassword;
  const changed = passwordChanged || Object.keys(data).length > 0;
  if (!changed && emailPending === null) return { ok: false, reason: "no-changes", user: current };

  if (self && !proven && (passwordChanged || emailPending !== null)) {
    const refusal = await proveOwnership(userId, changes.currentPassword, editor.sessionId, now);
    if (refusal) return { ok: false, ...refusal };
  }
  if (passwordChanged) data.passwordHash = await hashPassword(changes.password!);

  const conflicts = await findAccountConflicts(
    { username: data.username as string | undefined, email: data.email as string | undefined },
    userId,
  );
  if (conflicts.length > 0) return { ok: false, reason: "conflict", conflicts };
  const emailChangedFrom = emailChanged ? current.email : null;
  if (!changed) return { ok: true, user: current, passwordChanged, emailChangedFrom, emailPending, changed };
  try {
    const user = await prisma.$transaction(async (tx) => {
      const updated = await tx.user.update({ where: { id: userId }, data, select: publicUserSelect });
      if (passwordChanged || emailChanged)
        await voidCredentials(tx, userId, self ? (editor.sessionId ?? undefined) : undefined);
      return updated;
    });
    return { ok: true, user, passwordChanged, emailChangedFrom, emailPending, changed };
  } catch (error) {
    if (violates(error, "unique")) {
      const raced = await findAccountConflicts(
        { username: data.username as string | undefined, email: data.email as string | undefined },
        userId,
      );
      return { ok: false, reason: "conflict", conflicts: raced };
    }
    throw error;
  }
}

/**
 * Deletes one's own account once its current password is given: a session left open on a shared
 * computer must not be enough to erase someone. Wrong passwords count like the other proofs.
 */
export async function deleteOwnAccount(
  userId: string,
  currentPassword: string,
  now = new Date(),
): Promise<DeleteUserResult | ({ ok: false } & ProofRefusal)> {
  const refusal = await proveOwnership(userId, currentPassword, null, now);
  if (refusal) return { ok: false, ...refusal };
  return deleteUserAccount(userId);
}
