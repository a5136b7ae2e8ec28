import { deleteSession, getUserForSession, readSession, type SessionUser } from "~/models/session.server";
import { noteApiAdmin } from "~/http/admin-audit.server";
import { ApiError } from "~/http/api-answers.server";
import { checkQuota } from "~/http/rate-limit.server";
import { destroySessionCookie, getSessionId } from "~/http/session-cookie.server";
import { hasValidXsrfHeader } from "~/http/xsrf.server";
import type { QuotaKind } from "~/utils/rate-limit-counter.server";
import type { DataVersions } from "~/utils/versioned-cache.server";

// Who calls the API, and what they may do: a bearer token or the session cookie (with the XSRF header for
// a write), the admin role, and the write quotas.

/** Counts one write of `kind` by the caller; over a quota, a 429 with Retry-After and the quota's sentence. */
export async function requireApiQuota(request: Request, kind: QuotaKind, userId: string) {
  const quota = await checkQuota(request, kind, userId);
  if (!quota.allowed)
    throw new ApiError(429, quota.message, undefined, { "Retry-After": String(quota.retryAfterSeconds) });
}

const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

/**
 * Who is calling, with what, and the data versions read with the session (hand them to the versioned
 * caches, e.g. listTrailsWithCoordinates(dataVersions): the call then reads `DataVersion` no more).
 */
type ApiAuth = { user: SessionUser; token: string; via: "bearer" | "cookie"; dataVersions: DataVersions };

/** The token of an `Authorization: Bearer …` header (a session id), or null when it has none of that shape. */
function bearerToken(header: string) {
  return /^Bearer ([a-f0-9]{64})$/i.exec(header.trim())?.[1]?.toLowerCase() ?? null;
}

/**
 * Who is calling: a bearer token (the sign-in token, a session id) or the session cookie. A cookie alone
 * cannot authorise a write: it must come with the X-XSRF-TOKEN header.
 */
async function authenticate(request: Request): Promise<ApiAuth | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const token = bearerToken(header);
    const { user, dataVersions } = token ? await readSession(token) : { user: null, dataVersions: null };
    if (!user || !token || !dataVersions)
      throw new ApiError(401, "Your session has expired or the token is invalid. Please sign in.");
    return { user, token, via: "bearer", dataVersions };
  }
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const { user, dataVersions } = await readSession(sessionId);
  if (!user) {
    // A cookie whose session the server ended (sign-out elsewhere, role change, password change or reset,
    // expiry): say so in words a cookie-only client such as the Spring 2025 one can show, and drop the cookie.
    throw new ApiError(401, SESSION_ENDED_MESSAGE, undefined, { "Set-Cookie": await destroySessionCookie() });
  }
  if (!["GET", "HEAD"].includes(request.method) && !hasValidXsrfHeader(request)) {
    throw new ApiError(403, "Missing or invalid X-XSRF-TOKEN header.");
  }
  return { user, token: sessionId, via: "cookie", dataVersions };
}

/**
 * Ends what a call was authenticated with: its bearer token, or else its session cookie (a write, so a
 * live cookie session needs the X-XSRF-TOKEN header like any other). Nothing to end is not an error.
 * Says whether the cookie should be cleared.
 */
export async function revokeApiCredentials(request: Request): Promise<{ clearCookie: boolean }> {
  const header = request.headers.get("Authorization");
  if (header) {
    const token = bearerToken(header);
    if (token) await deleteSession(token);
    return { clearCookie: false };
  }
  const sessionId = await getSessionId(request);
  if (!sessionId) return { clearCookie: false };
  if ((await getUserForSession(sessionId)) && !hasValidXsrfHeader(request)) {
    throw new ApiError(403, "Missing or invalid X-XSRF-TOKEN header.");
  }
  await deleteSession(sessionId);
  return { clearCookie: true };
}

export async function requireApiUser(request: Request): Promise<ApiAuth> {
  const auth = await authenticate(request);
  if (!auth) throw new ApiError(401, "You must be signed in.");
  return auth;
}

export async function requireApiAdmin(request: Request): Promise<ApiAuth> {
  const auth = await requireApiUser(request);
  if (auth.user.role !== "Admin") throw new ApiError(403, "Administrator access is required.");
  noteApiAdmin(request, auth.user.id);
  return auth;
}
