import { randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { env } from "~/utils/env.server";

/**
 * Double-submit protection for cookie-authenticated API writes, with the names the old web client
 * uses (and axios-style clients send by default): the server sets a readable XSRF-TOKEN cookie; a write must echo
 * it in the X-XSRF-TOKEN header, which a page on another site cannot read or forge.
 */
const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";

const xsrfCookie = createCookie(XSRF_COOKIE, {
  httpOnly: false,
  sameSite: "lax",
  secure: env.COOKIE_SECURE,
  path: "/",
  maxAge: 60 * 60 * 24 * 30,
});

/** The token the browser holds; a value we could not have issued (hex only) counts as none. */
function readCookie(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const [name, ...rest] = part.split("=");
    if (name.trim() === XSRF_COOKIE) {
      const value = rest.join("=").trim();
      return /^[a-f0-9]{48}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** A Set-Cookie header giving the browser a token, or null when it already has one. */
export async function xsrfCookieHeader(request: Request): Promise<string | null> {
  if (readCookie(request)) return null;
  // Serialised raw (not base64-JSON like Remix's own cookies) so clients can echo the value as is.
  const value = randomBytes(24).toString("hex");
  return (await xsrfCookie.serialize("")).replace(/^XSRF-TOKEN=[^;]*/, `${XSRF_COOKIE}=${value}`);
}

export function hasValidXsrfHeader(request: Request): boolean {
  const cookie = readCookie(request);
  const header = request.headers.get(XSRF_HEADER);
  if (!cookie || !header || cookie.length !== header.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}
