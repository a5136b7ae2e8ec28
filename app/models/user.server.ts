// The user model, in files of one concern: storage, refusals and the changes any editor may make here;
// what only the owner may change in user-ownership.server.ts; sign-in in user-sign-in.server.ts; lists
// and the API's JSON in user-json.server.ts. A password hash never leaves these files.
import type { Prisma } from "~/generated/prisma/client";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { eraseFeedbackAuthor } from "~/models/feedback.server";
import { eraseReportAuthor } from "~/models/report.server";
import { removeUserReactions } from "~/models/video-reactions.server";
import { usernameKeys } from "~/lib/username-key";
import { nfkc } from "~/lib/nfkc";
import { userMessages } from "~/schemas/user";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { rateLimitMessage } from "~/utils/rate-limit-counter.server";

/** Every field a user may see about an account: the password hash never leaves this module. */
export const publicUserSelect = {
  id: true,
  username: true,
  email: true,
  role: true,
  gender: true,
  age: true,
  ethnicity: true,
  community: true,
  createdAt: true,
} satisfies Prisma.UserSelect;

export type PublicUser = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** A username as stored, with the two keys its unique indexes compare (case, compatibility forms, look-alikes). */
export function usernameFields(username: string) {
  const stored = nfkc(username);
  return { username: stored, ...usernameKeys(stored) };
}

export function getUserById(id: string) {
  return prisma.user.findUnique({ where: { id }, select: publicUserSelect });
}

export async function createUser(input: {
  username: string;
  email: string;
  password: string;
  role?: "User" | "Admin";
  gender?: string | null;
  age?: number | null;
  ethnicity?: string | null;
  community?: string | null;
}): Promise<PublicUser> {
  const { password, email, username, ...rest } = input;
  return prisma.user.create({
    data: {
      ...rest,
      ...usernameFields(username),
      email: normalizeEmail(email),
      passwordHash: await hashPassword(password),
    },
    select: publicUserSelect,
  });
}

// ---------------------------------------------------------------------------------------------------
// Accounts: sign-up, roles and deletion, and the credentials a change voids. Callers (pages and the JSON
// API) get typed results and decide how to answer; the rules live here once.

export type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

export type AccountConflict = { field: "username" | "email"; message: string };

/** Every refusal of an account change, for the pages and the API alike. */
export const userRefusals = {
  "not-found": { status: 404, message: userMessages.userNotFound },
  "last-admin": { status: 409, message: userMessages.lastAdmin },
  "no-changes": { status: 400, message: userMessages.noProfileChanges },
  "private-fields": { status: 400, message: userMessages.adminPrivateFields },
  "proof-required": fieldRefusal(403, "currentPassword", userMessages.proofRequired),
  "wrong-current-password": fieldRefusal(403, "currentPassword", userMessages.wrongCurrentPassword),
  "not-your-profile": fieldRefusal(403, "userId", userMessages.notYourProfile),
} as const satisfies Record<string, Refusal>;

type UserRefusalReason = keyof typeof userRefusals;
export type UserFailure =
  { reason: UserRefusalReason } | { reason: "conflict"; conflicts: AccountConflict[] } | TooManyProofAttempts;

/** Too many wrong current passwords: 429, with the real wait (the counter's window) in words and Retry-After. */
export type TooManyProofAttempts = { reason: "too-many-proof-attempts"; retryAfterSeconds: number };

/** A username or email another account has: 409, each message at its field. */
export function conflictRefusal(conflicts: AccountConflict[]): Refusal {
  return {
    status: 409,
    message: conflicts.map((conflict) => conflict.message).join(" "),
    fieldErrors: Object.fromEntries(conflicts.map((conflict) => [conflict.field, [conflict.message]])),
  };
}

export function userRefusal(failure: UserFailure): Refusal {
  if (failure.reason === "too-many-proof-attempts") {
    const { retryAfterSeconds } = failure;
    return { ...fieldRefusal(429, "currentPassword", rateLimitMessage(retryAfterSeconds)), retryAfterSeconds };
  }
  return failure.reason === "conflict" ? conflictRefusal(failure.conflicts) : userRefusals[failure.reason];
}

/**
 * Which of username and email another account already uses: the username by either of its keys (so
 * "ANA", "Ａｎａ" and "Аna" with a Cyrillic А are "Ana"), the email case-insensitively. The unique indexes
 * have the last word when two requests race; this only lets one answer name both conflicts at once.
 */
export async function findAccountConflicts(
  input: { username?: string; email?: string },
  exceptUserId?: string,
): Promise<AccountConflict[]> {
  const conflicts: AccountConflict[] = [];
  const notMe = exceptUserId ? { NOT: { id: exceptUserId } } : {};
  if (input.username !== undefined) {
    const keys = usernameKeys(nfkc(input.username));
    const taken = await prisma.user.findFirst({
      where: { OR: [{ usernameKey: keys.usernameKey }, { usernameShapeKey: keys.usernameShapeKey }], ...notMe },
      select: { id: true },
    });
    if (taken) conflicts.push({ field: "username", message: userMessages.usernameTaken });
  }
  if (input.email !== undefined) {
    const taken = await prisma.user.findFirst({
      where: { email: normalizeEmail(input.email), ...notMe },
      select: { id: true },
    });
    if (taken) conflicts.push({ field: "email", message: userMessages.emailTaken });
  }
  return conflicts;
}

type SignUpResult = { ok: true; user: PublicUser } | { ok: false; conflicts: AccountConflict[] };

/** A new account; the role is always User, whatever the caller was sent. */
export async function registerUser(input: {
  username: string;
  email: string;
  password: string;
  gender?: string;
  age?: number;
  ethnicity?: string;
  community?: string;
}): Promise<SignUpResult> {
  const conflicts = await findAccountConflicts(input);
  if (conflicts.length > 0) return { ok: false, conflicts };
  try {
    const user = await createUser({
      username: input.username,
      email: input.email,
      password: input.password,
      role: "User",
      gender: input.gender ?? null,
      age: input.age ?? null,
      ethnicity: input.ethnicity ?? null,
      community: input.community ?? null,
    });
    return { ok: true, user };
  } catch (error) {
    // A concurrent sign-up won the race for the same name or address.
    if (violates(error, "unique")) return { ok: false, conflicts: await findAccountConflicts(input) };
    throw error;
  }
}

/**
 * Serialises every change that could remove an administrator: locking the Admin rows makes two
 * concurrent requests see each other's result, so the last administrator can never be removed.
 */
async function lockAdmins(tx: Tx) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE role = 'Admin' FOR UPDATE`;
  return rows.map((row) => row.id);
}

export type DeleteUserResult = { ok: true } | { ok: false; reason: "not-found" | "last-admin" };

/**
 * Deletes an account with its sessions (and reset tokens, reactions...) and erases its name and email
 * from its feedback and its reports; never the last administrator.
 */
export async function deleteUserAccount(userId: string): Promise<DeleteUserResult> {
  return prisma.$transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (!user) return { ok: false, reason: "not-found" } as const;
    if (user.role === "Admin" && admins.length <= 1) return { ok: false, reason: "last-admin" } as const;
    await removeUserReactions(tx, userId);
    await eraseFeedbackAuthor(tx, userId);
    await eraseReportAuthor(tx, userId);
    await tx.session.deleteMany({ where: { userId } });
    await tx.user.delete({ where: { id: userId } });
    return { ok: true } as const;
  });
}

type ChangeRoleResult = { ok: true; user: PublicUser } | { ok: false; reason: "not-found" | "last-admin" };

/** Gives a user another role and ends their sessions, so the new role applies from their next sign-in. */
export async function changeUserRole(userId: string, role: "User" | "Admin"): Promise<ChangeRoleResult> {
  return prisma.$transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const user = await tx.user.findUnique({ where: { id: userId }, select: publicUserSelect });
    if (!user) return { ok: false, reason: "not-found" } as const;
    if (user.role === role) return { ok: true, user } as const;
    if (user.role === "Admin" && admins.length <= 1) return { ok: false, reason: "last-admin" } as const;
    const updated = await tx.user.update({ where: { id: userId }, data: { role }, select: publicUserSelect });
    await tx.session.deleteMany({ where: { userId } });
    return { ok: true, user: updated } as const;
  });
}

/**
 * What a new password or email makes void, inside the transaction that makes the change: every unused
 * reset token (each was issued for the account as it was) and every session but the one making the
 * change (none, when the change was not made from a session of this user).
 */
export async function voidCredentials(tx: Tx, userId: string, keepSessionId?: string) {
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  // A sign-in link was earned with the old password (or mailed to the old address): it goes too.
  await tx.signInLinkToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  // So does a pending new email: it was asked for by whoever held the account before this change.
  await tx.emailChangeToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  await tx.session.deleteMany({ where: { userId, ...(keepSessionId ? { NOT: { id: keepSessionId } } : {}) } });
}

/**
 * Sets the email a confirmed link carried, inside the caller's transaction (which has claimed the link):
 * voids the user's other tokens and every session but `keepSessionId`, like any new email.
 */
export async function setConfirmedEmail(tx: Tx, userId: string, email: string, keepSessionId?: string) {
  const updated = await tx.user.update({ where: { id: userId }, data: { email }, select: publicUserSelect });
  await voidCredentials(tx, userId, keepSessionId);
  return updated;
}

/** Sets a new password inside a caller's transaction (a reset by token): ends every session of the user. */
export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.user.update({ where: { id: userId }, data: { passwordHash } });
  await voidCredentials(tx, userId);
}
