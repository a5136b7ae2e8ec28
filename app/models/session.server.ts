import { randomBytes } from "node:crypto";
import type { PublicUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";

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

/** The signed-in user for a session id, or null when it is unknown or expired. */
export async function getUserForSession(sessionId: string): Promise<SessionUser | null> {
  const session = await prisma.session.findUnique({
    where: { id: sessionId },
    select: {
      expiresAt: true,
      createdAt: true,
      startedBySignUp: true,
      user: { select: { id: true, username: true, email: true, role: true } },
    },
  });
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await prisma.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  const newAccount = session.startedBySignUp && now - session.createdAt.getTime() < NEW_ACCOUNT_GREETING_MS;
  return { ...session.user, newAccount };
}

export async function deleteSession(sessionId: string) {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}

/** Forgets sessions that have ended; a signed-in person's session is never touched. Returns how many. */
export async function sweepExpiredSessions(now = new Date()) {
  return (await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
