import { log } from "~/utils/logger.server";

/**
 * The audit line of an administrator's change: one log line a write, from the page or the API alike, so
 * "who changed this, and when" has one answer (docs/architecture.md, "Admin areas"). Only successful
 * writes are written: a refused one changed nothing.
 */
export function auditAdminWrite(
  adminId: string,
  write: { area: string; action: string; target?: Record<string, string> },
) {
  log("info", "admin write", {
    adminId,
    area: write.area,
    action: write.action,
    ...(write.target ? { target: write.target } : {}),
  });
}

/** The form fields that name what an admin area's form changes: the row, the bench, the trail, the point. */
const TARGET_FIELDS = ["id", "benchId", "trailId", "videoId", "index"] as const;

/** What a submitted admin form names as its target (nothing for a create, whose row does not exist yet). */
export function formTarget(formData: FormData) {
  const named = TARGET_FIELDS.flatMap((field) => {
    const value = formData.get(field);
    return typeof value === "string" && value !== "" ? [[field, value.slice(0, 64)] as const] : [];
  });
  return named.length > 0 ? Object.fromEntries(named) : undefined;
}

// Keyed on the Request `apiRoute` hands its handler and then audits with: one object for the whole call,
// by our own code (app/http/api.server.ts), whatever Remix does with the requests of a page's loaders.
const apiAdmins = new WeakMap<Request, string>();

/** Notes that an API request acts as an administrator, so its write, if it succeeds, is audited. */
export function noteApiAdmin(request: Request, adminId: string) {
  apiAdmins.set(request, adminId);
}

/**
 * An API write that succeeded, made as an administrator: its audit line names the resource by its path
 * (`/api/bench/bench/<id>`), the area by the path's first segment after `/api`.
 */
export function auditApiWrite(request: Request, status: number) {
  const adminId = apiAdmins.get(request);
  if (!adminId || request.method === "GET" || request.method === "HEAD" || status >= 400) return;
  const path = new URL(request.url).pathname;
  auditAdminWrite(adminId, { area: path.split("/")[2] ?? "api", action: request.method, target: { path } });
}
