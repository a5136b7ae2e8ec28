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

/** Structured access log for one request: method, path, status and duration. */
export function logRequest(request: Request, status: number, startedAt: number, fields: Record<string, unknown> = {}) {
  const url = new URL(request.url);
  log(status >= 500 ? "error" : "info", "request", {
    method: request.method,
    path: url.pathname,
    status,
    ms: Math.round((performance.now() - startedAt) * 10) / 10,
    ...fields,
  });
}
