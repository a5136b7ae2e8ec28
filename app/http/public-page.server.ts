import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { PAGE_CACHE_HEADER } from "~/http/page-cache.server";
import {
  acceptsGzip,
  cacheControl,
  carriesPersonalCookie,
  counts,
  entries,
  keyOf,
  notModified,
  remember,
  tagFor,
  VALID_UNTIL_HEADER,
} from "~/http/page-cache-store.server";
import { applySecurityHeaders } from "~/http/security-headers.server";
import { isPublicPage } from "~/lib/public-page";

// The render half of the visitors' page cache (decision 062): whether a render may be shared, and the
// document it becomes (its own scripts' hashes for a policy, an ETag, a public Cache-Control), stored
// when the middleware read the data versions before the loaders ran.

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
