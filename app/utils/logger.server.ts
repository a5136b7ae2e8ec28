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

// Paths whose last segment is a secret (a password reset token works as a password for an hour).
const SECRET_PATHS = [/^(\/reset\/)[^/]+$/, /^(\/api\/auth\/reset-password\/)[^/]+$/];

/** The path as it may be logged: secret segments replaced, so logs never hold a usable token. */
export function redactPath(pathname: string) {
  for (const pattern of SECRET_PATHS) if (pattern.test(pathname)) return pathname.replace(pattern, "$1[redacted]");
  return pathname;
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
