// What the request gate decides, as pure functions of a request's method, target and headers: the
// body limits, which origins may write, which content types each kind of route takes, which targets and
// methods are answered at all (app/http/request-gate.server.ts puts them in order; docs/decisions/003).
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { TRAIL_PATH_UPLOAD_URL } from "~/lib/navigation";
import { MAX_PATH_FILE_BYTES } from "~/lib/trail-path-file";
import { isLoopbackHost } from "~/utils/env.server";

const MAX_BODY_BYTES = 64 * 1024;
/** The upload route's limit: the largest file it takes, plus room for the form's other fields and framing. */
const MAX_UPLOAD_BODY_BYTES = MAX_PATH_FILE_BYTES + MAX_BODY_BYTES;

export type GateConfig = {
  /** APP_URL's origin: the only origin pages accept writes from, and the Host every request gets. */
  appOrigin: string;
  /** How many proxies in front of the app append to X-Forwarded-For (0: trust no proxy header). */
  trustProxy: number;
  /** Further origins allowed to write to /api (CORS). */
  corsOrigins: readonly string[];
  maxBodyBytes?: number;
  /** The limit of the one route that takes a file (a multipart body). */
  maxUploadBodyBytes?: number;
  /** How many bodies of that route may be arriving at once; more are answered 503. */
  maxUploadsInFlight?: number;
  bodyDeadlineMs?: number;
  /** The methods a target outside /api may use (from the route manifest), or null when no route answers it. */
  methodsOf?: (target: string) => readonly string[] | null;
  /**
   * Whether this request may send an upload route a body, from its headers (the session cookie): null
   * lets it on, a refusal (sign in first, 403) is its answer. Asked before an upload place is taken or a
   * byte of the body is read, so strangers cannot hold the places admins need (decision 074).
   */
  authorizeUpload(req: IncomingMessage): Promise<Refusal | null>;
};

export type Refusal = { status: number; title: string; message: string; headers?: Record<string, string> };

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Every method some page or API route answers; anything else (TRACE, PROPFIND, …) stops at the gate. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const ALLOW_HEADER = { Allow: ALLOWED_METHODS.join(", ") };

export function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** "::ffff:10.0.0.1" is the IPv4 client 10.0.0.1 on a dual-stack socket. */
function normalizeAddress(address: string) {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed.toLowerCase();
}

/**
 * The client's address. Each trusted proxy appends the address it received the request from to
 * X-Forwarded-For, so only the right end of the list is trustworthy: with `trustProxy` proxies, the
 * client is the entry that many places left of the socket's peer. Whatever a client writes at the
 * left end is ignored, and without trusted proxies the header is not read at all.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: number,
) {
  const peer = normalizeAddress(socketAddress ?? "") || "unknown";
  if (trustProxy <= 0 || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map(normalizeAddress)
    .filter(Boolean);
  const chain = [...hops, peer];
  const candidate = chain[Math.max(0, chain.length - 1 - trustProxy)];
  // A trusted proxy never writes anything but an address there; anything else is not a client.
  return isIP(candidate) ? candidate : peer;
}

/** scheme://host:port exactly as a browser serialises an Origin header, or null. */
export function parseOrigin(value: string) {
  try {
    const url = new URL(value);
    return url.origin === value ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether a write with this Origin header may proceed. No Origin means no browser sent it (browsers
 * send one with every POST, PUT, PATCH and DELETE), so there is no victim's cookie to forge with; an API
 * call without one still needs a bearer token or the XSRF header. `null`, malformed and foreign origins
 * are refused. On a loopback APP_URL, localhost and 127.0.0.1 with the same scheme and port are one
 * site, so `npm start` works whichever of the two a person types.
 */
export function isAllowedOrigin(origin: string | undefined, pathname: string, config: GateConfig) {
  if (origin === undefined) return true;
  const app = new URL(config.appOrigin);
  if (origin === app.origin) return true;
  if (isApiPath(pathname) && config.corsOrigins.includes(origin)) return true;
  const parsed = parseOrigin(origin);
  if (!parsed) return false;
  return (
    isLoopbackHost(app.hostname) &&
    isLoopbackHost(parsed.hostname) &&
    parsed.protocol === app.protocol &&
    parsed.port === app.port
  );
}

/**
 * The one write that may carry a file: a POST of the form that replaces a trail's path. Only this exact
 * path (no `.data` twin: the form always posts as a document), only POST.
 */
export function isUploadRequest(method: string | undefined, pathname: string) {
  return method === "POST" && pathname === TRAIL_PATH_UPLOAD_URL;
}

/** The most a request's body may hold: 64 KB, or for the upload route the file's 1 MB and the form around it. */
export function bodyLimit(method: string | undefined, pathname: string, config: GateConfig) {
  return isUploadRequest(method, pathname)
    ? (config.maxUploadBodyBytes ?? MAX_UPLOAD_BODY_BYTES)
    : (config.maxBodyBytes ?? MAX_BODY_BYTES);
}

function mediaType(contentType: string | undefined) {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Pages take the urlencoded forms they render (a browser labels even an empty form post), and the one
 * upload route its multipart form; the API takes JSON, a urlencoded form, or no body at all. Anything
 * else would only reach a parser that was never meant for it.
 */
export function contentTypeRefusal(
  pathname: string,
  contentType: string | undefined,
  hasBody: boolean,
  method = "POST",
): Refusal | null {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") return null;
  if (type === "multipart/form-data" && isUploadRequest(method, pathname)) return null;
  if (isApiPath(pathname)) {
    if (!hasBody && type === "") return null;
    if (type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))) return null;
    return { status: 415, title: "Unsupported content type", message: "Send the request body as application/json." };
  }
  return {
    status: 415,
    title: "Unsupported content type",
    message: "Forms are accepted only as application/x-www-form-urlencoded, the way our pages send them.",
  };
}

/**
 * The target as express, Remix and the browser's URL parser all resolve it: dot segments (also encoded
 * ones, `%2e%2e`) and backslashes resolved, the query kept. Without this the gate would judge
 * `/api/../authorization` as an API call while Remix ran the sign-in page's action. Null when the target
 * is no path on this site (`http://other/`, `//other/x`, `/\other`).
 */
export function canonicalTarget(target: string | undefined): string | null {
  if (!target?.startsWith("/")) return null;
  const base = "http://gate.invalid";
  try {
    const url = new URL(target, base);
    // `?_data=` is Remix's pre-single-fetch data protocol, which this app does not speak: Remix would
    // answer it with a 500 and an error in the log, so it never reaches Remix.
    if (url.searchParams.has("_data")) url.searchParams.delete("_data");
    if (url.origin !== base) return null;
    // A path resolved to `//x` would read as another host to the next URL parser: it is `/x`.
    const pathname = url.pathname.replace(/^\/+/, "/");
    // The router decodes the path before it routes and renders: an encoded backslash or a leading
    // encoded slash (`/%5c`, `/%2f/x`) would become a path no URL parser accepts, so it is no path.
    if (/^\/[/\\]|\\/.test(decodedPath(pathname))) return null;
    return pathname + url.search;
  } catch {
    return null;
  }
}

function decodedPath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** A request target must be a path: absolute-form targets (`GET http://other/ HTTP/1.1`) name another site. */
export function targetRefusal(method: string | undefined, target: string | undefined): Refusal | null {
  if (!ALLOWED_METHODS.includes(method as (typeof ALLOWED_METHODS)[number])) {
    return {
      status: 405,
      title: "Method not allowed",
      message: "This site does not answer that kind of request.",
      headers: ALLOW_HEADER,
    };
  }
  if (method === "OPTIONS" && target === "*") return null;
  if (canonicalTarget(target) === null)
    return { status: 400, title: "Bad request", message: "The request target must be a path on this site." };
  return null;
}

/**
 * A method the page (or resource route) at this target does not take: `POST /about`, `OPTIONS /userHome`.
 * The API answers its own methods (and CORS preflights), so it is left to its routes.
 */
export function pageMethodRefusal(
  method: string | undefined,
  target: string,
  pathname: string,
  config: GateConfig,
): Refusal | null {
  if (method === "GET" || method === "HEAD" || isApiPath(pathname) || !config.methodsOf) return null;
  const allowed = config.methodsOf(target);
  if (!allowed || allowed.includes(method ?? "")) return null;
  return {
    status: 405,
    title: "Method not allowed",
    message: `This page answers only ${allowed.join(", ")} requests. Open it from a link, or send its own form.`,
    headers: { Allow: allowed.join(", ") },
  };
}

export function safePathname(target: string | undefined) {
  const path = (target ?? "/").split("?")[0];
  return path.startsWith("/") ? path : "/";
}

export function declaredLength(headers: IncomingHttpHeaders) {
  const value = headers["content-length"];
  if (value === undefined) return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export function hasBody(headers: IncomingHttpHeaders) {
  const length = declaredLength(headers);
  return headers["transfer-encoding"] !== undefined || (length !== null && length > 0);
}
