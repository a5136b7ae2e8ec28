// The render cache for visitors' pages (decision 062). A page whose route opts in (`publicPage` in
// app/lib/public-page.ts) is rendered once per version of the data it shows and then served from this
// process's memory by a middleware in front of Remix: no loader, no React render, no compression on a hit.
// Two halves share the store (page-cache-store.server.ts): `pageCache()` here (mounted by server.ts, from
// the server build) serves hits and answers If-None-Match, and `finishPublicPage` (public-page.server.ts,
// called by entry.server.tsx's handleRequest) turns a freshly rendered page into a cacheable document and
// stores it.
import type { IncomingMessage, ServerResponse } from "node:http";
import * as store from "~/http/page-cache-store.server";
import { dataVersionStamp } from "~/utils/versioned-cache.server";

/** Internal request header: the data versions the middleware read before Remix ran (never the client's). */
export const PAGE_CACHE_HEADER = "x-walking-trails-page-cache";

function sendStored(req: IncomingMessage, res: ServerResponse, page: store.StoredPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", store.cacheControl(page.validUntil, Date.now()));
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  const gzip = store.acceptsGzip(req.headers["accept-encoding"]);
  res.setHeader("ETag", store.tagFor(page.etag, gzip));
  if (store.notModified(req.headers["if-none-match"], page.etag)) {
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
    const key = store.keyOf(req.url ?? "/");
    if (key === null || store.carriesPersonalCookie(req.headers.cookie)) return next();
    const entry = store.entries.get(key);
    if (!entry) return next();
    dataVersionStamp().then(
      (versions) => {
        if (versions === null) return next();
        const page = entry.page;
        if (page && entry.versions === versions && (page.validUntil === null || Date.now() < page.validUntil)) {
          store.counts.hits++;
          store.remember(key, entry);
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
