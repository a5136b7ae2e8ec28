import { env } from "~/utils/env.server";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON object per line, so log collectors can parse every field without guessing. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[env.LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

/**
 * Routes whose segment after the prefix is a secret: a password reset token works as a password for an
 * hour, a sign-in link signs its holder in, an email confirmation moves an account to its address. Every route file with a `$token` parameter must be listed
 * here (a test holds the two together).
 */
export const TOKEN_ROUTE_PREFIXES = ["reset", "api/auth/reset-password", "signin-link", "confirm-email"] as const;

function decodeFully(text: string) {
  let current = text;
  // A token hidden behind two or three layers of percent-encoding is still a token.
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(current);
      if (decoded === current) break;
      current = decoded;
    } catch {
      break;
    }
  }
  return current;
}

/**
 * The path's segments as a router would see them: query and fragment gone, percent-encoding undone,
 * lower case, empty, `.` and `..` segments resolved, `;params` dropped. Redaction decides on this form,
 * so `/RESET/T/`, `/reset//T`, `/x/../reset/T` and `/reset%2FT` are all seen as `/reset/T`.
 */
function normalisedSegments(target: string) {
  const path = decodeFully(target.split(/[?#]/)[0]).replace(/\\/g, "/");
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    const segment = raw.split(";")[0].toLowerCase();
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/**
 * The path as it may be logged. A path that reaches a token route, however it is spelled, is logged as
 * that route's prefix and `[redacted]`, nothing of what followed; any other path is logged as it came.
 */
export function redactPath(pathname: string) {
  const prefix = tokenRoutePrefix(pathname);
  return prefix ? `/${prefix}/[redacted]` : pathname.split(/[?#]/)[0];
}

/** The token route a path reaches, however it is spelled (see redactPath), or null. */
export function tokenRoutePrefix(pathname: string) {
  const segments = normalisedSegments(pathname);
  for (const prefix of TOKEN_ROUTE_PREFIXES) {
    const parts = prefix.split("/");
    for (let start = 0; start + parts.length < segments.length; start++) {
      if (parts.every((part, i) => segments[start + i] === part)) return prefix;
    }
  }
  return null;
}

type AccessRecord = { method: string; path: string; status: number; ms: number; kind: string };

/**
 * The access log: one line per request. Only method, path (redacted, without the query string, which
 * may hold what people searched for), status, duration and kind: no address, cookie or header.
 */
export function logAccess(record: AccessRecord) {
  log(record.status >= 500 ? "error" : "info", "request", {
    method: record.method,
    path: redactPath(record.path),
    status: record.status,
    ms: Math.round(record.ms * 10) / 10,
    kind: record.kind,
  });
}
