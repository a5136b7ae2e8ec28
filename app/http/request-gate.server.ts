// The request gate: the first code every request meets, in front of Remix and the static files, so each
// class of hostile request is decided here once instead of in every route. It answers:
// - bodies over the limit with 413 while they stream (nothing behind the gate ever sees more than the
//   limit, and a body arrives whole or not at all), slow bodies with 408;
// - writes whose Origin is not ours (APP_URL, or CORS_ORIGINS for the API) with 403;
// - page writes that are not urlencoded forms, and API bodies that are not JSON or a form, with 415 (one
//   route alone, the upload of a trail's path from a file, takes a multipart body, up to its own limit);
// - request targets that are not paths with 400, methods the app never answers with 405, `OPTIONS *`
//   with 204; a target that is a path is rewritten to the one form every later reader resolves it to.
// Requests it lets through carry a Host taken from APP_URL and a client address it worked out itself;
// the client's own X-Forwarded-* and X-Real-IP headers never get past it.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { TRAIL_PATH_UPLOAD_URL } from "~/lib/navigation";
import { MAX_PATH_FILE_BYTES } from "~/lib/trail-path-file";
import { isLoopbackHost } from "~/utils/env.server";

const MAX_BODY_BYTES = 64 * 1024;
/** The upload route's limit: the largest file it takes, plus room for the form's other fields and framing. */
const MAX_UPLOAD_BODY_BYTES = MAX_PATH_FILE_BYTES + MAX_BODY_BYTES;
/**
 * Upload bodies held at once: the upload's larger limit must not multiply by every connection a client can
 * open. Only those allowed to upload (asked before a place is taken) hold one; admins upload now and then.
 */
const MAX_UPLOADS_IN_FLIGHT = 4;
let uploadsInFlight = 0;
const BODY_DEADLINE_MS = 10_000;
/** How long a refused client has to read our answer before its connection is cut. */
const LINGER_MS = 500;

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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Every method some page or API route answers; anything else (TRACE, PROPFIND, …) stops at the gate. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOW_HEADER = { Allow: ALLOWED_METHODS.join(", ") };
const PROXY_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

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
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: number) {
  const peer = normalizeAddress(socketAddress ?? "") || "unknown";
  if (trustProxy <= 0 || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",").map(normalizeAddress).filter(Boolean);
  const chain = [...hops, peer];
  const candidate = chain[Math.max(0, chain.length - 1 - trustProxy)];
  // A trusted proxy never writes anything but an address there; anything else is not a client.
  return isIP(candidate) ? candidate : peer;
}

/** scheme://host:port exactly as a browser serialises an Origin header, or null. */
function parseOrigin(value: string) {
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
  return isLoopbackHost(app.hostname) && isLoopbackHost(parsed.hostname) && parsed.protocol === app.protocol && parsed.port === app.port;
}

/**
 * The one write that may carry a file: a POST of the form that replaces a trail's path. Only this exact
 * path (no `.data` twin: the form always posts as a document), only POST.
 */
export function isUploadRequest(method: string | undefined, pathname: string) {
  return method === "POST" && pathname === TRAIL_PATH_UPLOAD_URL;
}

/** The most a request's body may hold: 64 KB, or for the upload route the file's 1 MB and the form around it. */
function bodyLimit(method: string | undefined, pathname: string, config: GateConfig) {
  return isUploadRequest(method, pathname) ? (config.maxUploadBodyBytes ?? MAX_UPLOAD_BODY_BYTES) : (config.maxBodyBytes ?? MAX_BODY_BYTES);
}

function mediaType(contentType: string | undefined) {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Pages take the urlencoded forms they render (a browser labels even an empty form post), and the one
 * upload route its multipart form; the API takes JSON, a urlencoded form, or no body at all. Anything
 * else would only reach a parser that was never meant for it.
 */
export function contentTypeRefusal(pathname: string, contentType: string | undefined, hasBody: boolean, method = "POST"): Refusal | null {
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
    return { status: 405, title: "Method not allowed", message: "This site does not answer that kind of request.", headers: ALLOW_HEADER };
  }
  if (method === "OPTIONS" && target === "*") return null;
  if (canonicalTarget(target) === null) return { status: 400, title: "Bad request", message: "The request target must be a path on this site." };
  return null;
}

const refusals = {
  tooLarge: (limit: number): Refusal => ({
    status: 413,
    title: "Request too large",
    message: `That submission is larger than ${Math.round(limit / 1024)} KB, more than any of our forms sends. Please go back and try again with less text.`,
  }),
  uploadsBusy: {
    status: 503,
    title: "Busy with other uploads",
    message: "Other files are being uploaded right now. Please try again in a few seconds.",
    headers: { "Retry-After": "10" },
  },
  fileTooLarge: {
    status: 413,
    title: "File too large",
    message: `The file is larger than ${MAX_PATH_FILE_BYTES / 1024 / 1024} MB. Please go back and choose a smaller file.`,
  },
  uploaderUnknown: {
    status: 503,
    title: "Try again in a moment",
    message: "We could not check your sign-in just now, so the file was not taken. Please try again in a moment.",
    headers: { "Retry-After": "10" },
  },
  tooSlow: { status: 408, title: "Request timeout", message: "The request body did not arrive in time. Please try again." },
  foreignPage: {
    status: 403,
    title: "Form from another site",
    message: "This form was sent from another site, so it was not accepted. Open Walking Trails directly and try again.",
  },
  foreignApi: { status: 403, title: "Forbidden", message: "Requests from other sites are not allowed." },
} satisfies Record<string, Refusal | ((limit: number) => Refusal)>;

/** Counts an upload body as held from now until `release` (called once, however the body ends); false when there is no room. */
function holdUpload(config: GateConfig): (() => void) | false {
  if (uploadsInFlight >= (config.maxUploadsInFlight ?? MAX_UPLOADS_IN_FLIGHT)) return false;
  uploadsInFlight++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    uploadsInFlight--;
  };
}

function tooLarge(method: string | undefined, pathname: string, limit: number) {
  return isUploadRequest(method, pathname) ? refusals.fileTooLarge : refusals.tooLarge(limit);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The gate's own answers: JSON in the API's error shape under /api, a small readable page elsewhere. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal, options: { closeConnection: boolean }) {
  if (res.headersSent) return;
  const pathname = safePathname(req.url);
  const api = isApiPath(pathname);
  const body = api
    ? JSON.stringify({ message: refusal.message, error: refusal.message })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(refusal.title)} | Walking Trails</title></head><body><main><h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  res.statusCode = refusal.status;
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  if (options.closeConnection) {
    // The rest of the body may still be arriving: the connection cannot be reused, and is closed.
    res.setHeader("Connection", "close");
    abandonBody(req);
  }
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Stops reading a body nobody will use. Node would otherwise read and drop the rest of it (all 100 MB
 * of a hostile upload) before closing; instead the socket stops reading, the answer goes out, the
 * write side closes, and the connection is cut a moment later. Cutting it at once would not do: TCP
 * answers unread data with a reset, which can destroy our answer before the client has read it.
 */
function abandonBody(req: IncomingMessage) {
  req.push = () => false;
  (req as IncomingMessage & { _dump?: () => void })._dump = () => {};
  const socket = req.socket;
  socket.pause();
  socket.destroySoon = function lingeringClose() {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

export function safePathname(target: string | undefined) {
  const path = (target ?? "/").split("?")[0];
  return path.startsWith("/") ? path : "/";
}

function declaredLength(headers: IncomingHttpHeaders) {
  const value = headers["content-length"];
  if (value === undefined) return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

function hasBody(headers: IncomingHttpHeaders) {
  const length = declaredLength(headers);
  return headers["transfer-encoding"] !== undefined || (length !== null && length > 0);
}

/** Replaces what the client said about itself with what the gate knows. */
function canonicalizeHeaders(req: IncomingMessage, config: GateConfig) {
  const client = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], config.trustProxy);
  for (const name of [...PROXY_HEADERS, CLIENT_ADDRESS_HEADER]) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = client;
  const app = new URL(config.appOrigin);
  const origin = req.headers.origin;
  // Remix compares an action's Origin with Host itself; an approved loopback alias keeps its own host.
  const approvedAlias = origin && !SAFE_METHODS.has(req.method ?? "") && !isApiPath(safePathname(req.url)) ? parseOrigin(origin) : null;
  req.headers.host = approvedAlias && approvedAlias.origin !== app.origin ? approvedAlias.host : app.host;
  // remix-serve's adapter builds request.url from the protocol too: make it APP_URL's, not the socket's.
  Object.defineProperty(req, "protocol", { value: app.protocol.slice(0, -1), configurable: true });
}

/**
 * Holds a request until its body has arrived whole and within the limit, then hands it on with the body
 * intact. Node's parser delivers body chunks through `push`; intercepting it means no chunk beyond the
 * limit is ever buffered, and an oversized body is answered 413 the moment it crosses the limit.
 */
function collectBody(
  req: IncomingMessage,
  res: ServerResponse,
  body: { limit: number; tooLarge: Refusal; onSettled?: () => void },
  config: GateConfig,
  proceed: () => void,
) {
  const { limit } = body;
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const push = req.push;
  const settle = () => {
    settled = true;
    clearTimeout(deadline);
    body.onSettled?.();
  };
  const deadline = setTimeout(() => {
    if (settled) return;
    settle();
    sendRefusal(req, res, refusals.tooSlow, { closeConnection: true });
  }, config.bodyDeadlineMs ?? BODY_DEADLINE_MS);
  req.push = function interceptBody(chunk: unknown, encoding?: BufferEncoding) {
    if (settled) return false;
    if (chunk === null) {
      settle();
      req.push = push;
      for (const piece of chunks) push.call(req, piece);
      push.call(req, null);
      proceed();
      return false;
    }
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);
    size += piece.length;
    if (size > limit) {
      settle();
      chunks.length = 0;
      sendRefusal(req, res, body.tooLarge, { closeConnection: true });
      return false;
    }
    chunks.push(piece);
    return true;
  };
  // A client that hangs up mid-body must not keep the timer (and what was collected) alive.
  req.once("close", () => {
    if (!settled) {
      settle();
      chunks.length = 0;
    }
  });
}

/**
 * A method the page (or resource route) at this target does not take: `POST /about`, `OPTIONS /userHome`.
 * The API answers its own methods (and CORS preflights), so it is left to its routes.
 */
export function pageMethodRefusal(method: string | undefined, target: string, pathname: string, config: GateConfig): Refusal | null {
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

/** `OPTIONS *` asks what the server as a whole supports: the methods, and nothing else. */
function answerServerOptions(req: IncomingMessage, res: ServerResponse, bodyExpected: boolean) {
  res.statusCode = 204;
  res.setHeader("Allow", ALLOW_HEADER.Allow);
  res.setHeader("Cache-Control", "no-store");
  if (bodyExpected) {
    res.setHeader("Connection", "close");
    abandonBody(req);
  }
  res.end();
}

/**
 * Holds back a body's bytes while the gate decides whether to read it at all: the first bytes the parser
 * delivers are kept and it stops reading the socket (push answers false), so at most one read's worth
 * waits. `release` restores the stream and hands back what was kept, in order (null: the body's end).
 */
function holdBodyBack(req: IncomingMessage) {
  const push = req.push;
  const held: (Buffer | null)[] = [];
  req.push = function holdBack(chunk: unknown, encoding?: BufferEncoding) {
    held.push(chunk === null ? null : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding));
    return false;
  };
  let closed = false;
  req.once("close", () => (closed = true));
  return {
    closed: () => closed || req.socket.destroyed,
    release() {
      req.push = push;
      return held;
    },
  };
}

/**
 * An upload route's body: read only for someone allowed to upload (others get their answer with the body
 * unread), and only while an upload place is free.
 */
function collectUpload(req: IncomingMessage, res: ServerResponse, body: { limit: number; tooLarge: Refusal }, config: GateConfig, proceed: () => void) {
  const refuse = (refusal: Refusal) => sendRefusal(req, res, refusal, { closeConnection: true });
  const heldBack = holdBodyBack(req);
  void config
    .authorizeUpload(req)
    .catch(() => refusals.uploaderUnknown)
    .then((refusal) => {
      const held = heldBack.release();
      if (heldBack.closed()) return;
      if (refusal) return refuse(refusal);
      const release = holdUpload(config);
      if (!release) return refuse(refusals.uploadsBusy);
      collectBody(req, res, { ...body, onSettled: release }, config, proceed);
      for (const chunk of held) req.push(chunk);
      req.socket.resume();
    });
}

/**
 * Decides one request. Calls `proceed` for a request that may go on (with its body complete), or
 * answers it itself and never calls `proceed`.
 */
export function gateRequest(req: IncomingMessage, res: ServerResponse, config: GateConfig, proceed: () => void) {
  const bodyExpected = hasBody(req.headers);
  const refuse = (refusal: Refusal) => sendRefusal(req, res, refusal, { closeConnection: bodyExpected });

  const badTarget = targetRefusal(req.method, req.url);
  if (badTarget) return refuse(badTarget);
  if (req.method === "OPTIONS" && req.url === "*") return answerServerOptions(req, res, bodyExpected);
  req.url = canonicalTarget(req.url)!;
  const pathname = safePathname(req.url);
  const wrongMethod = pageMethodRefusal(req.method, req.url, pathname, config);
  if (wrongMethod) return refuse(wrongMethod);

  const length = declaredLength(req.headers);
  if (Number.isNaN(length)) return refuse({ status: 400, title: "Bad request", message: "Content-Length must be a number." });
  const limit = bodyLimit(req.method, pathname, config);
  if (length !== null && length > limit) return refuse(tooLarge(req.method, pathname, limit));

  if (!SAFE_METHODS.has(req.method ?? "")) {
    if (!isAllowedOrigin(req.headers.origin, pathname, config)) {
      return refuse(isApiPath(pathname) ? refusals.foreignApi : refusals.foreignPage);
    }
    const wrongType = contentTypeRefusal(pathname, req.headers["content-type"], bodyExpected, req.method);
    if (wrongType) return refuse(wrongType);
  }

  canonicalizeHeaders(req, config);
  if (!bodyExpected) return proceed();
  const body = { limit, tooLarge: tooLarge(req.method, pathname, limit) };
  if (isUploadRequest(req.method, pathname)) return collectUpload(req, res, body, config, proceed);
  collectBody(req, res, body, config, proceed);
}
