import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import type { Refusal } from "~/models/refusal";
import { isId } from "~/schemas/id";
import { MAX_VERSION } from "~/schemas/version";
import { env } from "~/utils/env.server";
import { isDatabaseUnavailable } from "~/utils/database.server";
import type { DataVersions } from "~/utils/versioned-cache.server";
import { log } from "~/utils/logger.server";
import { deleteSession, getUserForSession, readSession, type SessionUser } from "~/models/session.server";
import { destroySessionCookie, getSessionId } from "~/http/session-cookie.server";
import { hasValidXsrfHeader, xsrfCookieHeader } from "~/http/xsrf.server";
import { checkQuota } from "~/http/rate-limit.server";
import type { QuotaKind } from "~/utils/rate-limit-counter.server";
import { auditApiWrite, noteApiAdmin } from "~/http/admin-audit.server";

/** An answer to the client with a status and a human message; thrown from anywhere in an API handler. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Headers the answer carries besides the API's own (e.g. clearing a cookie). */
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }

  /** A model's refusal, answered as its table says (with headers of its own, e.g. the current ETag). */
  static refused({ status, message, fieldErrors, retryAfterSeconds }: Refusal, headers?: HeadersInit) {
    const all = new Headers(headers);
    if (retryAfterSeconds !== undefined) all.set("Retry-After", String(retryAfterSeconds));
    return new ApiError(status, message, fieldErrors, all);
  }
}

/** Ids are 24 hex characters; anything else cannot exist, so it is a 404 like an unknown id. */
export function requireId(value: string | undefined, what = "Resource"): string {
  if (!isId(value)) throw new ApiError(404, `${what} not found.`);
  return value;
}

/** Counts one write of `kind` by the caller; over a quota, a 429 with Retry-After and the quota's sentence. */
export async function requireApiQuota(request: Request, kind: QuotaKind, userId: string) {
  const quota = await checkQuota(request, kind, userId);
  if (!quota.allowed)
    throw new ApiError(429, quota.message, undefined, { "Retry-After": String(quota.retryAfterSeconds) });
}

export function errorBody(message: string, fieldErrors?: Record<string, string[]>) {
  return fieldErrors ? { message, error: message, fieldErrors } : { message, error: message };
}

/** zod issues as { field: [messages] }, the shape Conform uses for forms too. */
function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (result[key] ??= []).push(issue.message);
  }
  return result;
}

/** The value the shared schema makes of `raw`; refused with 400, the first message, and every field's messages. */
function validated<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const first = Object.values(fieldErrors)[0]?.[0] ?? "Invalid request.";
    throw new ApiError(400, first, fieldErrors);
  }
  return parsed.data;
}

/** Validates the query string with the shared schema (400 naming each field otherwise). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return validated(schema, Object.fromEntries(new URL(request.url).searchParams));
}

/** Reads a JSON (or form-encoded) body and validates it with the shared schema. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  // The request gate has already refused bodies over its limit, so reading this one whole is safe.
  const text = await request.text();
  let raw: unknown = {};
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else if (text.trim() !== "") {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError(400, "The request body is not valid JSON.");
    }
  }
  return validated(schema, raw);
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

/** The request's origin when it is one CORS_ORIGINS lists (the gate has already refused other writes). */
function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  const allowed = env.CORS_ORIGINS.split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  return allowed.includes(origin) ? origin : null;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type Handler = (args: { request: Request; params: Record<string, string | undefined> }) => Promise<Response | unknown>;

/** JSON with the headers every API answer carries. */
export function apiJson(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/** An answer whose JSON text is already made (see `jsonOnce`), with the headers every API answer carries. */
export function apiJsonText(text: string, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return new Response(text, { ...init, headers });
}

/**
 * `serialize` as JSON text, made once per source object. For data a versioned cache holds
 * (app/utils/versioned-cache.server.ts): the cache hands out the same object until its version moves and
 * then a new one, so the text is made again exactly when the data changed, on every instance. The source
 * must not change while it is held, which the versioned caches promise already.
 */
export function jsonOnce<Source extends object>(serialize: (source: Source) => unknown): (source: Source) => string {
  const texts = new WeakMap<Source, string>();
  return (source) => {
    let text = texts.get(source);
    if (text === undefined) {
      text = JSON.stringify(serialize(source));
      texts.set(source, text);
    }
    return text;
  };
}

/**
 * One page of a list: a bare array, as every list of this API, with the next page's address in a
 * `Link: <…>; rel="next"` header (RFC 8288) when there is one; the last page has none. `path` is the
 * list's own, `next` the model's cursor after this page, `query` the list's filters the next page keeps.
 */
export function apiPage(
  rows: unknown[],
  {
    path,
    next,
    limit,
    query = {},
  }: { path: string; next: string | null; limit: number; query?: Record<string, string | undefined> },
) {
  const kept = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const link = next
    ? `<${path}?${new URLSearchParams([...kept, ["cursor", next], ["limit", String(limit)]])}>; rel="next"`
    : null;
  return apiJson(rows, link ? { headers: { Link: link } } : {});
}

// ---------------------------------------------------------------------------------------------------
// Versions: a trail, a bench or a video answered alone carries `ETag: "<version>"` (a strong tag: the
// version moves with every edit of what the answer shows), and an edit of one accepts `If-Match` with
// it. A mismatch is refused with 412 and nothing changes; no If-Match (the old client) applies the edit
// to the resource as it is (last write wins). Answers are never cached (no-store): the tag is for edits.

/** The entity tag of a version: `"3"`. */
export function versionTag(version: number) {
  return `"${version}"`;
}

/** The JSON answer about one versioned resource, with `ETag` naming its version. */
export function apiVersioned<Body extends { version: number }>(body: Body, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("ETag", versionTag(body.version));
  return apiJson(body, { ...init, headers });
}

/** The headers of a refusal about a resource that exists: its current ETag, for a client to retry with. */
export function currentTagOf(
  failure: { ok: false } | { ok: false; current: { version: number } },
): HeadersInit | undefined {
  return "current" in failure ? { ETag: versionTag(failure.current.version) } : undefined;
}

const IF_MATCH_MESSAGE = 'If-Match must be "*" or a list of entity tags such as "3", as sent in ETag.';

const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e]*)"$/;

/**
 * The versions an `If-Match` header names (RFC 9110 §13.1.1) as an edit's base: nothing when it is
 * absent or `*` (any current version will do). A weak tag counts for its version: ours name a version,
 * not the bytes, so a proxy that weakens them when compressing changes nothing they mean. A tag that
 * names no version we make (`"abc"`) matches none. A header that is no list of tags is refused (400).
 */
export function readIfMatch(request: Request): { ifMatch?: number[] } {
  const header = request.headers.get("If-Match");
  if (header === null || header.trim() === "*") return {};
  // A list may have empty elements ("3", , "4"), but not only those.
  const tags = header
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => ENTITY_TAG.exec(tag)?.[1]);
  if (tags.length === 0 || tags.some((tag) => tag === undefined)) throw new ApiError(400, IF_MATCH_MESSAGE);
  const versions = tags.filter((tag): tag is string => /^\d{1,10}$/.test(tag ?? "")).map(Number);
  return { ifMatch: versions.filter((version) => version <= MAX_VERSION) };
}

/**
 * A `Warning` header (RFC 7234's form; code 299, "miscellaneous persistent warning") for an answer that
 * succeeded but did something other than what was literally asked, e.g. stored a corrected value.
 */
export function warningHeader(text: string): HeadersInit {
  return { Warning: `299 - "${text.replace(/["\\]/g, "\\$&")}"` };
}

async function finish(request: Request, response: Response) {
  const origin = allowedOrigin(request);
  if (origin) {
    response.headers.set("Access-Control-Allow-Origin", origin);
    response.headers.set("Access-Control-Allow-Credentials", "true");
    response.headers.set("Access-Control-Expose-Headers", "Warning, Retry-After, Link, ETag");
    response.headers.append("Vary", "Origin");
  }
  const xsrf = await xsrfCookieHeader(request);
  if (xsrf) response.headers.append("Set-Cookie", xsrf);
  return response;
}

const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again shortly.";

function toResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return apiJson(errorBody(error.message, error.fieldErrors), { status: error.status, headers: error.headers });
  }
  if (error instanceof Response) {
    // A guard or model threw a Remix response (redirect, 403): say it in the API's own terms.
    const status = error.status >= 300 && error.status < 400 ? 401 : error.status;
    const message =
      status === 401
        ? "You must be signed in."
        : status === 403
          ? "Administrator access is required."
          : status === 503
            ? UNAVAILABLE_MESSAGE
            : "Request failed.";
    return apiJson(errorBody(message), { status });
  }
  const unavailable = isDatabaseUnavailable(error);
  if (!unavailable)
    log("error", "api handler failed", { error: error instanceof Error ? error.message : String(error) });
  return apiJson(errorBody(unavailable ? UNAVAILABLE_MESSAGE : "Something went wrong on our side."), {
    status: unavailable ? 503 : 500,
  });
}

/**
 * One API resource route: dispatches by method, answers unknown methods with 405, maps every thrown
 * error to the JSON error shape, and adds CORS (configured origins only) and the XSRF cookie.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  const run = async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const method = request.method.toUpperCase() as Method | "OPTIONS" | "HEAD";
    let response: Response;
    try {
      if (method === "OPTIONS") {
        const origin = allowedOrigin(request);
        response = new Response(null, {
          status: origin ? 204 : 403,
          headers: origin
            ? {
                "Access-Control-Allow-Methods": Object.keys(handlers).join(", "),
                "Access-Control-Allow-Headers": "Content-Type, Authorization, X-XSRF-TOKEN, If-Match",
                "Access-Control-Max-Age": "600",
              }
            : {},
        });
      } else {
        const handler = handlers[method === "HEAD" ? "GET" : method];
        if (!handler) {
          throw new ApiError(405, `Method ${method} is not allowed here.`);
        }
        const result = await handler({ request, params });
        response = result instanceof Response ? result : apiJson(result);
        auditApiWrite(request, response.status);
      }
    } catch (error) {
      response = toResponse(error);
      if (response.status === 405) response.headers.set("Allow", Object.keys(handlers).join(", "));
    }
    return finish(request, response);
  };
  return { loader: run, action: run };
}
