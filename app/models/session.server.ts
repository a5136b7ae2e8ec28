import { randomBytes } from "node:crypto";
import type { PublicUser } from "~/models/user.server";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { dataVersionsColumn, parseDataVersions, type DataVersions } from "~/utils/versioned-cache.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long the visit that signing up began counts as a new account's first: long enough for a reload or
 * a return later that day to keep "Welcome", short enough that a session left open for weeks does not.
 */
export const NEW_ACCOUNT_GREETING_MS = 24 * 60 * 60 * 1000;

/** `newAccount`: this is the session sign-up began, and it is still the first day of it. */
export type SessionUser = Pick<PublicUser, "id" | "username" | "email" | "role"> & { newAccount: boolean };

/** Creates a server-side session; its id is both the cookie value and the API bearer token. */
export async function createSession(userId: string, { startedBySignUp = false } = {}) {
  const id = randomBytes(32).toString("hex");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await prisma.session.create({ data: { id, userId, expiresAt, startedBySignUp } });
  return { id, expiresAt };
}

type SessionRow = {
  expiresAt: Date | null;
  createdAt: Date | null;
  startedBySignUp: boolean | null;
  id: string | null;
  username: string | null;
  email: string | null;
  role: SessionUser["role"] | null;
  dataVersions: string | null;
  also: unknown;
};

/** A column more for the session's statement, made from the session's user id (SQL); see `readSession`. */
export type AlsoRead = (userId: Prisma.Sql) => Prisma.Sql;

/**
 * The signed-in user for a session id (null when it is unknown or expired), and every kind's data version
 * read in the same statement: a signed-in request needs both, and one round trip instead of two saves
 * the app a query's work and PostgreSQL a wake-up. The versions come whether or not the session exists.
 * `also`: one more column of what the page will show the person (their video counters,
 * `viewerCountersColumn` in app/models/video.server.ts), read in the same statement; only what a valid
 * session's user may see is worth using, which the caller checks with `user`.
 */
export async function readSession(
  sessionId: string,
  also?: AlsoRead,
): Promise<{ user: SessionUser | null; dataVersions: DataVersions; also: unknown }> {
  const [row] = await prisma.$queryRaw<SessionRow[]>`
    SELECT s."expiresAt", s."createdAt", s."startedBySignUp", u."id", u."username", u."email", u."role"::text AS "role",
      ${dataVersionsColumn} AS "dataVersions", ${also ? also(Prisma.sql`s."userId"`) : Prisma.sql`NULL`} AS "also"
    FROM (SELECT 1) AS lookup
    LEFT JOIN "Session" s ON s."id" = ${sessionId}
    LEFT JOIN "User" u ON u."id" = s."userId"`;
  const dataVersions = parseDataVersions(row?.dataVersions ?? null);
  if (!row?.expiresAt || !row.createdAt || !row.id || !row.username || !row.email || !row.role)
    return { user: null, dataVersions, also: null };
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await prisma.session.deleteMany({ where: { id: sessionId } });
    return { user: null, dataVersions, also: null };
  }
  const newAccount = Boolean(row.startedBySignUp) && now - row.createdAt.getTime() < NEW_ACCOUNT_GREETING_MS;
  return {
    user: { id: row.id, username: row.username, email: row.email, role: row.role, newAccount },
    dataVersions,
    also: row.also,
  };
}

/** The signed-in user for a session id, or null when it is unknown or expired. */
export async function getUserForSession(sessionId: string): Promise<SessionUser | null> {
  return (await readSession(sessionId)).user;
}

export async function deleteSession(sessionId: string) {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}

/** Forgets sessions that have ended; a signed-in person's session is never touched. Returns how many. */
export async function sweepExpiredSessions(now = new Date()) {
  return (await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
