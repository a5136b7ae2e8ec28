/**
 * A route's `handle` for pages that are the same for every visitor (no session, no flash message): the
 * server renders them once per change of the data they show and serves the stored document to every
 * visitor after that, with an ETag and a Cache-Control a CDN can use (app/http/page-cache.server.ts,
 * decision 062). Signed-in people still get a page of their own, rendered for them.
 */
export const publicPage = { publicCache: true } as const;

/** Whether a route's handle opted in with `publicPage`. */
export function isPublicPage(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { publicCache?: unknown }).publicCache === true;
}
