import { isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A route's `handle` for pages whose behaviour is complete without JavaScript (links, plain forms,
 * <details> menus): the document ships no script at all, so a phone never downloads or parses a router
 * it would not use there.
 */
export const withoutScripts = { scripts: false } as const;

function leafAsksForNoScripts(matches: ReturnType<typeof useMatches>) {
  const handle = matches[matches.length - 1]?.handle as { scripts?: boolean } | undefined;
  return handle?.scripts === false;
}

/**
 * Whether the document should carry Remix's scripts. Once a page has hydrated (the visitor came from a
 * page with scripts), client-side navigations keep them: the router is already running.
 */
export function useDocumentScripts() {
  const matches = useMatches();
  const error = useRouteError();
  const hydrated = useHydrated();
  if (hydrated) return true;
  // "Page not found" is text and a link home, also when no route matched at all.
  if (isRouteErrorResponse(error) && error.status === 404) return false;
  return !leafAsksForNoScripts(matches);
}
