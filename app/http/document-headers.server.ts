import { parse } from "cookie";
import { getSessionId, sessionCookie } from "~/http/session-cookie.server";
import { tokenRoutePrefix } from "~/utils/logger.server";

/**
 * What shared caches and the back button may keep of a page. Every page differs by session (the header
 * names who is signed in), so it varies by Cookie; a page rendered for a session, or one that starts a
 * session, shows a person's data and is kept by no one: a shared cache must not serve it to the next
 * person, and a shared computer's browser must not show it after sign-out. A page whose address holds
 * a token (a reset or sign-in link) is kept by no one either: its address in a cache or the history is
 * the secret. Pages for visitors are left as they are.
 */
export async function applyPrivacyHeaders(request: Request, headers: Headers) {
  const vary = headers.get("Vary");
  if (!vary?.split(",").some((name) => name.trim().toLowerCase() === "cookie")) headers.append("Vary", "Cookie");
  if (tokenRoutePrefix(new URL(request.url).pathname) !== null) {
    headers.set("Cache-Control", "no-store");
    return;
  }
  const startsSession = headers.getSetCookie().some((line) => Boolean(parse(line)[sessionCookie.name]));
  if (startsSession || (await getSessionId(request)) !== null) headers.set("Cache-Control", "private, no-store");
}

/** The same rule for a loader's data (`.data` requests): a copy whose headers can be changed. */
export async function withPrivacyHeaders(response: Response, request: Request) {
  const headers = new Headers(response.headers);
  await applyPrivacyHeaders(request, headers);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
