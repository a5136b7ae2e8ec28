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

// A page request asks for its session id three times (the root's loader, the page's, the privacy headers),
// each on its own copy of the request, and checking the signature is an HMAC each time. What a Cookie
// header says is fixed by the header and the secret, so the answer is kept per header, for the last few
// hundred of at most 4 KB: a browser sends the same header request after request. Whether the session
// still exists is never kept here; that is the database's answer, asked on every request.
const SESSION_IDS_KEPT = 500;
const KEPT_HEADER_LENGTH = 4096;
const sessionIds = new Map<string, string | null>();

/** The session id the request's cookie carries, or null when it has none of the right shape. */
export async function getSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (header === null) return null;
  const known = sessionIds.get(header);
  if (known !== undefined) return known;
  const value = await sessionCookie.parse(header);
  const sessionId = typeof value === "string" && /^[a-f0-9]{64}$/.test(value) ? value : null;
  if (header.length <= KEPT_HEADER_LENGTH) {
    if (sessionIds.size >= SESSION_IDS_KEPT) sessionIds.delete(sessionIds.keys().next().value!);
    sessionIds.set(header, sessionId);
  }
  return sessionId;
}
