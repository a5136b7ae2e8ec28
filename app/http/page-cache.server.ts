// The render cache for visitors' pages (decision 062). A page whose route opts in (`publicPage` in
// app/lib/public-page.ts) is rendered once per version of the data it shows and then served from this
// process's memory by a middleware in front of Remix: no loader, no React render, no compression on a hit.
// Two halves share the store below: `pageCache()` (mounted by server.ts, from the server build) serves
// hits and answers If-None-Match, and `finishPublicPage` (called by entry.server.tsx's handleRequest)
// turns a freshly rendered page into a cacheable document and stores it.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { parse } from "cookie";
import type { EntryContext } from "@remix-run/node";
import { dataVersionStamp } from "~/utils/versioned-cache.server";
import { isPublicPage } from "~/lib/public-page";
import { applySecurityHeaders } from "~/http/security-headers.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { TOAST_COOKIE } from "~/http/toast.server";

/**
 * Cookies that change what a page shows: the session (who is signed in) and the flash message. A request
 * carrying either is rendered for itself, never stored or served from the store; any other cookie (the
 * API's XSRF-TOKEN, a cookie of another app on the host) changes nothing a page shows and is ignored.
 * A new cookie that a page reads must join this list.
 */
const PERSONAL_COOKIES = [sessionCookie.name, TOAST_COOKIE];

/** Internal request header: the data versions the middleware read before Remix ran (never the client's). */
export const PAGE_CACHE_HEADER = "x-walking-trails-page-cache";
/** A loader's header (through `pageValidUntil`): the moment its page stops being true. Never sent out. */
const VALID_UNTIL_HEADER = "X-Page-Valid-Until";

/** Stored documents at most: a flood of `?x=random` evicts the least recently used, never grows memory. */
export const PAGE_CACHE_ENTRIES = 200;
/** How long a CDN may serve a copy without asking (an edit shows there within this), and serve it stale while it asks. */
const SHARED_MAX_AGE_S = 60;
const STALE_WHILE_REVALIDATE_S = 600;

type StoredPage = {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  headers: [string, string][];
  /** Epoch ms after which the page must be rendered again, or null. */
  validUntil: number | null;
};
/** A key seen to be cacheable (`page` null until a render could be stored under known data versions). */
type Entry = { versions: string | null; page: StoredPage | null };

const entries = new Map<string, Entry>();
const counts = { hits: 0, renders: 0, stores: 0 };

/**
 * Headers for a loader whose page stops being true at `until` (a notice that ends): the cache renders it
 * again after then, and a CDN keeps it no longer. `return data(value, { headers: pageValidUntil(end) })`.
 */
export function pageValidUntil(until: Date): Record<string, string> {
  return { [VALID_UNTIL_HEADER]: until.toISOString() };
}

/** What the cache holds and has done, for tests and the bench: never part of a page. */
export function pageCacheStats() {
  return { entries: entries.size, stored: [...entries.values()].filter((entry) => entry.page).length, ...counts };
}

/** The key of a document request (path and query), or null for what is never a cached page. */
function keyOf(target: string): string | null {
  const url = new URL(target, "http://cache.invalid");
  const { pathname } = url;
  if (
    pathname === "/api" ||
    pathname.startsWith("/api/") ||
    pathname.startsWith("/build/") ||
    /\.[a-z0-9]+$/i.test(pathname)
  )
    return null;
  return pathname + url.search;
}

function carriesPersonalCookie(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return false;
  const cookies = parse(cookieHeader);
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined);
}

function remember(key: string, entry: Entry) {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > PAGE_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
}

function cacheControl(validUntil: number | null, now: number) {
  const left = validUntil === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor((validUntil - now) / 1000));
  const shared = Math.min(SHARED_MAX_AGE_S, left);
  const stale = Math.min(STALE_WHILE_REVALIDATE_S, left - shared);
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${stale}`;
}

/** Whether If-None-Match names this page (either encoding's tag, or `*`). */
function notModified(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(1, -1);
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag || value === `"${bare}-gzip"`;
  });
}

function acceptsGzip(acceptEncoding: string | string[] | undefined) {
  return /\bgzip\b(?!;\s*q=0(?:\.0*)?\b)/i.test(String(acceptEncoding ?? ""));
}

/** The tag of the page in the encoding sent: the gzip copy is another representation, with its own tag. */
function tagFor(etag: string, gzip: boolean) {
  return gzip ? `"${etag.slice(1, -1)}-gzip"` : etag;
}

function sendStored(req: IncomingMessage, res: ServerResponse, page: StoredPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", cacheControl(page.validUntil, Date.now()));
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  res.setHeader("ETag", tagFor(page.etag, gzip));
  if (notModified(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = gzip ? page.gzip : page.body;
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", String(body.byteLength));
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The middleware in front of Remix: a visitor's GET or HEAD of a page stored under the data versions the
 * database holds now is answered from memory (304 when If-None-Match names it). Otherwise the request goes
 * on to Remix, carrying the versions read here, before any loader ran, so a render stored under them can
 * never be older than they are. Only keys already seen to be cacheable cost the one version query.
 */
export function pageCache() {
  return function pageCacheMiddleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
    delete req.headers[PAGE_CACHE_HEADER];
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyOf(req.url ?? "/");
    if (key === null || carriesPersonalCookie(req.headers.cookie)) return next();
    const entry = entries.get(key);
    if (!entry) return next();
    dataVersionStamp().then(
      (versions) => {
        if (versions === null) return next();
        const page = entry.page;
        if (page && entry.versions === versions && (page.validUntil === null || Date.now() < page.validUntil)) {
          counts.hits++;
          remember(key, entry);
          return sendStored(req, res, page);
        }
        req.headers[PAGE_CACHE_HEADER] = versions;
        next();
      },
      // The database is unreachable: Remix answers the page (or its 503) as it would without the cache.
      () => next(),
    );
  };
}

/** Whether the page's route opted in with `publicPage` (its leaf route decides). */
export function isPublicPageRoute(remixContext: EntryContext) {
  const matches = remixContext.staticHandlerContext.matches;
  const leaf = matches[matches.length - 1];
  return Boolean(leaf) && isPublicPage(remixContext.routeModules[leaf.route.id]?.handle);
}

/** A request with the session's or the flash message's cookie, which gets a page of its own. */
export function isPersonalRequest(request: Request) {
  return carriesPersonalCookie(request.headers.get("Cookie"));
}

/** The key of a page this request may have from (and leave in) the cache, or null when it may not. */
export function publicPageKey(request: Request, remixContext: EntryContext): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (isPersonalRequest(request) || !isPublicPageRoute(remixContext)) return null;
  const url = new URL(request.url);
  return keyOf(url.pathname + url.search);
}

/** The earliest moment any of the page's loaders said it stops being true, or null. */
function validUntilOf(remixContext: EntryContext): number | null {
  let earliest: number | null = null;
  for (const headers of Object.values(remixContext.staticHandlerContext.loaderHeaders)) {
    const value = headers.get(VALID_UNTIL_HEADER);
    if (!value) continue;
    const at = Date.parse(value);
    if (Number.isFinite(at) && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

/**
 * The inline scripts that carry this render's nonce (ours: an injected script could not know it) as CSP
 * hashes, and the document without the nonce, so the stored page allows exactly its own scripts.
 */
function hashOwnScripts(html: string, nonce: string) {
  const attribute = ` nonce="${nonce}"`;
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (match[1].includes(attribute) && !/\bsrc=/i.test(match[1]))
      hashes.push(`sha256-${createHash("sha256").update(match[2]).digest("base64")}`);
  }
  return { html: html.split(attribute).join(""), hashes: [...new Set(hashes)] };
}

/**
 * A visitor's page rendered by handleRequest with `nonce`: its policy becomes its own scripts' hashes (no
 * nonce to go stale), it gets an ETag and a public Cache-Control, and it is stored when the middleware
 * read the data versions before the loaders ran. Answers 304 when If-None-Match already names it.
 */
export function finishPublicPage(
  request: Request,
  key: string,
  remixContext: EntryContext,
  rendered: Uint8Array,
  nonce: string,
  headers: Headers,
) {
  counts.renders++;
  const { html, hashes } = hashOwnScripts(Buffer.from(rendered).toString("utf8"), nonce);
  const body = Buffer.from(html);
  applySecurityHeaders(headers, { hashes }, new URL(request.url).pathname);
  const validUntil = validUntilOf(remixContext);
  headers.delete(VALID_UNTIL_HEADER);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Length", String(body.byteLength));
  // A page that sets a cookie was rendered for one browser: no one keeps it.
  if (headers.has("Set-Cookie")) {
    headers.set("Cache-Control", "private, no-store");
    return new Response(body, { status: 200, headers });
  }
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const gzipped = gzipSync(body);
  const now = Date.now();
  headers.set("Cache-Control", cacheControl(validUntil, now));
  const versions = request.headers.get(PAGE_CACHE_HEADER);
  const fresh = validUntil === null || now < validUntil;
  if (request.method === "GET" && fresh) {
    if (versions) {
      const stored: [string, string][] = [];
      for (const [name, value] of headers)
        if (!/^(cache-control|etag|vary|content-length|date)$/i.test(name)) stored.push([name, value]);
      remember(key, { versions, page: { body, gzip: gzipped, etag, headers: stored, validUntil } });
      counts.stores++;
    } else if (!entries.has(key)) {
      // First sight of this page: the versions were not read before its loaders, so it cannot be stored
      // yet; the next visitor's request reads them and stores its render.
      remember(key, { versions: null, page: null });
    }
  }
  // The render answers exactly as the stored copy will (gzip or not, the same tag), so a client's tag
  // from either matches the other; compression leaves an answer already encoded alone.
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding") ?? undefined);
  headers.append("Vary", "Accept-Encoding");
  headers.set("ETag", tagFor(etag, gzip));
  if (notModified(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  if (gzip) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String((gzip ? gzipped : body).byteLength));
  return new Response(gzip ? gzipped : body, { status: 200, headers });
}
