import { randomBytes } from "node:crypto";
import type { PublicUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = Pick<PublicUser, "id" | "username" | "email" | "role">;

/** Creates a server-side session; its id is both the cookie value and the API bearer token. */
export async function createSession(userId: string) {
  const id = randomBytes(32).toString("hex");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await prisma.session.create({ data: { id, userId, expiresAt } });
  return { id, expiresAt };
}

/** The signed-in user for a session id, or null when it is unknown or expired. */
export async function getUserForSession(sessionId: string): Promise<SessionUser | null> {
  const session = await prisma.session.findUnique({
    where: { id: sessionId },
    select: { expiresAt: true, user: { select: { id: true, username: true, email: true, role: true } } },
  });
  if (!session) return null;
  if (session.expiresAt.getTime() <= Date.now()) {
    await prisma.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  return session.user;
}

export async function deleteSession(sessionId: string) {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}
