import type { Prisma } from "~/generated/prisma/client";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { eraseFeedbackAuthor } from "~/models/feedback.server";
import { eraseReportAuthor } from "~/models/report.server";
import { removeUserReactions } from "~/models/video.server";
import { usernameKeys } from "~/lib/username-key";
import { nfkc } from "~/lib/nfkc";
import { userMessages } from "~/schemas/user";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { keysetOrder } from "~/utils/page-cursor.server";
import { ADMIN_LIST_PAGE, LIST_COUNT_CAP } from "~/schemas/page";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import {
  hitRateLimit,
  rateLimitMessage,
  refundRateLimit,
  scaledMax,
  signInPolicy,
} from "~/utils/rate-limit-counter.server";

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
function usernameFields(username: string) {
  const stored = nfkc(username);
  return { username: stored, ...usernameKeys(stored) };
}

export function getUserById(id: string) {
  return prisma.user.findUnique({ where: { id }, select: publicUserSelect });
}

const timingDummyHash = hashPassword("not-a-password-of-anyone");

/** The account for these credentials, or null; the same answer whether the email or the password is wrong. */
export async function verifyLogin(email: string, password: string): Promise<PublicUser | null> {
  const found = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { ...publicUserSelect, passwordHash: true },
  });
  if (!found) {
    // Spend the same time as a real check so response timing does not reveal which emails exist.
    await verifyPassword(password, await timingDummyHash);
    return null;
  }
  const { passwordHash, ...user } = found;
  return (await verifyPassword(password, passwordHash)) ? user : null;
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
// Accounts: sign-up, profile changes, roles and deletion. Callers (pages and the JSON API) get typed
// results and decide how to answer; the rules live here once.

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

type AccountConflict = { field: "username" | "email"; message: string };

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
type UserFailure =
  { reason: UserRefusalReason } | { reason: "conflict"; conflicts: AccountConflict[] } | TooManyProofAttempts;

/** Too many wrong current passwords: 429, with the real wait (the counter's window) in words and Retry-After. */
type TooManyProofAttempts = { reason: "too-many-proof-attempts"; retryAfterSeconds: number };

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
async function findAccountConflicts(
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
 * Serialises every change that could remove an administrator: locking the Admin rows makes two
 * concurrent requests see each other's result, so the last administrator can never be removed.
 */
async function lockAdmins(tx: Tx) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE role = 'Admin' FOR UPDATE`;
  return rows.map((row) => row.id);
}

type DeleteUserResult = { ok: true } | { ok: false; reason: "not-found" | "last-admin" };

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
async function voidCredentials(tx: Tx, userId: string, keepSessionId?: string) {
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

// ---------------------------------------------------------------------------------------------------
// Administration and the JSON API.

const userSearch = (q: string | null | undefined): Prisma.UserWhereInput | undefined => {
  const query = q?.trim();
  return query
    ? {
        OR: [
          { username: { contains: query, mode: "insensitive" } },
          { email: { contains: query, mode: "insensitive" } },
        ],
      }
    : undefined;
};

export type UserPage = { users: PublicUser[]; next: string | null };

/** By username, which is unique, so it orders the accounts fully. */
const userOrder = keysetOrder<Prisma.UserWhereInput, Prisma.UserOrderByWithRelationInput>(["username", "asc", "text"]);

/**
 * One page of the accounts whose username or email contains the query (all when empty), by username
 * (which is unique, so it orders them fully), `take` at most, starting after `cursor` (from the previous
 * page's `next`; null for the first page, and for a cursor we did not make). Read through the username's
 * unique index: the cost is the page's, not the number of accounts.
 */
export async function listUsers({
  q,
  cursor = null,
  take = ADMIN_LIST_PAGE.defaultSize,
}: { q?: string | null; cursor?: string | null; take?: number } = {}): Promise<UserPage> {
  const rows = await prisma.user.findMany({
    where: { AND: [userSearch(q) ?? {}, userOrder.afterCursor(cursor)] },
    orderBy: userOrder.orderBy,
    take: take + 1,
    select: publicUserSelect,
  });
  const page = userOrder.page(rows, take);
  return { users: page.rows, next: page.next };
}

/**
 * How many accounts match the query (as `userSearch` does: `contains`, any case), counted in SQL up to
 * LIST_COUNT_CAP + 1 (more reads as "more than"). In SQL of our own: Prisma's count with `take` orders its
 * rows by id first, a walk of the primary key with a table read per row, where any first rows will do.
 */
export async function countMatchingUsers(q?: string | null) {
  const pattern = q?.trim() ? `%${q.trim()}%` : null;
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM (
      SELECT 1 FROM "User" WHERE ${pattern}::text IS NULL OR "username" ILIKE ${pattern} OR "email" ILIKE ${pattern} LIMIT ${LIST_COUNT_CAP + 1}
    ) AS "matching"`;
  return row.count;
}

export function countUsers() {
  return prisma.user.count();
}

/**
 * An account as others see it: name, email and role. A person's age, gender, ethnicity and community are
 * theirs: the API shows them only to that person, and administrators see them only as counts of five or
 * more (the analytics page).
 */
export function toUserSummaryJson(user: Pick<PublicUser, "id" | "username" | "email" | "role">) {
  return { _id: user.id, username: user.username, email: user.email, roleType: user.role };
}

/** The account as the caller `viewerId` may see it: all of it when it is their own, else the summary. */
export function toUserJsonFor(user: PublicUser, viewerId: string) {
  return user.id === viewerId ? toUserJson(user) : toUserSummaryJson(user);
}

/** The API's user object, in the old server's names: never a hash, since PublicUser has none. */
export function toUserJson(user: PublicUser) {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    roleType: user.role,
    // Old clients read these as strings and a number, never null (docs/api.md, the Spring 2025 web client).
    gender: user.gender ?? "",
    ...(user.age === null ? {} : { age: user.age }),
    ethnicity: user.ethnicity ?? "",
    community: user.community ?? "",
  };
}
