import { parse } from "cookie";
import { sessionCookie } from "~/http/session-cookie.server";
import { TOAST_COOKIE } from "~/http/toast.server";

// The store of the render cache for visitors' pages (decision 062), and the rules both its halves follow:
// which requests may share a page, how long a copy lives, and its tags. The middleware that serves hits
// is page-cache.server.ts; the render that stores a page is public-page.server.ts.

/**
 * Cookies that change what a page shows: the session (who is signed in) and the flash message. A request
 * carrying either is rendered for itself, never stored or served from the store; any other cookie (the
 * API's XSRF-TOKEN, a cookie of another app on the host) changes nothing a page shows and is ignored.
 * A new cookie that a page reads must join this list.
 */
const PERSONAL_COOKIES = [sessionCookie.name, TOAST_COOKIE];

/** A loader's header (through `pageValidUntil`): the moment its page stops being true. Never sent out. */
export const VALID_UNTIL_HEADER = "X-Page-Valid-Until";

/** Stored documents at most: a flood of `?x=random` evicts the least recently used, never grows memory. */
export const PAGE_CACHE_ENTRIES = 200;
/** How long a CDN may serve a copy without asking (an edit shows there within this), and serve it stale while it asks. */
const SHARED_MAX_AGE_S = 60;
const STALE_WHILE_REVALIDATE_S = 600;

export type StoredPage = {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  headers: [string, string][];
  /** Epoch ms after which the page must be rendered again, or null. */
  validUntil: number | null;
};
/** A key seen to be cacheable (`page` null until a render could be stored under known data versions). */
type Entry = { versions: string | null; page: StoredPage | null };
export const entries = new Map<string, Entry>();
export const counts = { hits: 0, renders: 0, stores: 0 };

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
export function keyOf(target: string): string | null {
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

export function carriesPersonalCookie(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return false;
  const cookies = parse(cookieHeader);
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined);
}

export function remember(key: string, entry: Entry) {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > PAGE_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
}

export function cacheControl(validUntil: number | null, now: number) {
  const left = validUntil === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor((validUntil - now) / 1000));
  const shared = Math.min(SHARED_MAX_AGE_S, left);
  const stale = Math.min(STALE_WHILE_REVALIDATE_S, left - shared);
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${stale}`;
}

/** Whether If-None-Match names this page (either encoding's tag, or `*`). */
export function notModified(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(1, -1);
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag || value === `"${bare}-gzip"`;
  });
}

export function acceptsGzip(acceptEncoding: string | string[] | undefined) {
  return /\bgzip\b(?!;\s*q=0(?:\.0*)?\b)/i.test(String(acceptEncoding ?? ""));
}

/** The tag of the page in the encoding sent: the gzip copy is another representation, with its own tag. */
export function tagFor(etag: string, gzip: boolean) {
  return gzip ? `"${etag.slice(1, -1)}-gzip"` : etag;
}
