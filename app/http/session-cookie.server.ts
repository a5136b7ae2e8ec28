import { createCookie } from "@remix-run/node";
import { SESSION_TTL_MS } from "~/models/session.server";
import { env } from "~/utils/env.server";

/** Signed, HttpOnly cookie that holds nothing but the id of a row in the Session table. */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.COOKIE_SECURE,
  path: "/",
  secrets: [env.SESSION_SECRET],
  maxAge: SESSION_TTL_MS / 1000,
});

export function commitSessionCookie(sessionId: string) {
  return sessionCookie.serialize(sessionId);
}

export function destroySessionCookie() {
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** The session id the request's cookie carries, or null when it has none of the right shape. */
export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[a-f0-9]{64}$/.test(value) ? value : null;
}
