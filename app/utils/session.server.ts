import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { publicUserSelect, type PublicUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Signed, HttpOnly cookie that holds nothing but the id of a row in the Session table. */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.COOKIE_SECURE,
  path: "/",
  secrets: [env.SESSION_SECRET],
  maxAge: SESSION_TTL_MS / 1000,
});

export type SessionUser = Pick<PublicUser, "id" | "username" | "email" | "role">;

/** Creates a server-side session; its id is both the cookie value and the API bearer token. */
export async function createSession(userId: string) {
  const id = randomBytes(32).toString("hex");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await prisma.session.create({ data: { id, userId, expiresAt } });
  return { id, expiresAt };
}

export function commitSessionCookie(sessionId: string) {
  return sessionCookie.serialize(sessionId);
}

export function destroySessionCookie() {
  return sessionCookie.serialize("", { maxAge: 0 });
}

export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[a-f0-9]{64}$/.test(value) ? value : null;
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

/** Ends every session of a user: after a role change, a password reset or deletion. */
export async function deleteUserSessions(userId: string) {
  await prisma.session.deleteMany({ where: { userId } });
}

export async function deleteExpiredSessions() {
  return (await prisma.session.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}

export { publicUserSelect };
