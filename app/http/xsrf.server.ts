import { randomBytes, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { env } from "~/utils/env.server";

/**
 * Double-submit protection for cookie-authenticated API writes, with the names the old web client
 * uses (and axios-style clients send by default): the server sets a readable XSRF-TOKEN cookie; a write must echo
 * it in the X-XSRF-TOKEN header, which a page on another site cannot read or forge.
 */
const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";

/** The token the browser holds; a value we could not have issued (hex only) counts as none. */
function readCookie(request: Request): string | null {
  const value = parse(request.headers.get("Cookie") ?? "")[XSRF_COOKIE];
  return value !== undefined && /^[a-f0-9]{48}$/.test(value) ? value : null;
}

/** A Set-Cookie header giving the browser a token, or null when it already has one. */
export async function xsrfCookieHeader(request: Request): Promise<string | null> {
  if (readCookie(request)) return null;
  // Serialised raw (not base64-JSON like Remix's own cookies) so clients can echo the value as is.
  return serialize(XSRF_COOKIE, randomBytes(24).toString("hex"), {
    maxAge: 60 * 60 * 24 * 30,
    path: "/",
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
  });
}

export function hasValidXsrfHeader(request: Request): boolean {
  const cookie = readCookie(request);
  const header = request.headers.get(XSRF_HEADER);
  if (!cookie || !header || cookie.length !== header.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}
