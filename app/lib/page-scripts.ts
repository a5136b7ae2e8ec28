import { isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { createContext } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type ScriptsHandle = { scripts?: boolean | ((data: unknown) => boolean) };

/**
 * A route's `handle` for pages whose behaviour is complete without JavaScript (links, plain forms,
 * <details> menus): the document ships no script at all, so a phone never downloads or parses a router
 * it would not use there.
 */
export const withoutScripts = { scripts: false } as const satisfies ScriptsHandle;

/**
 * A route's `handle` for a page that ships scripts only when its loader's answer asks for them (/trails:
 * once the person has asked for the interactive map or a walk, decision 067). The loader's data decides,
 * so the document and what the page renders never disagree.
 */
export function scriptsWhen<Data>(wanted: (data: Data) => boolean): ScriptsHandle {
  return { scripts: (data) => data !== undefined && data !== null && wanted(data as Data) };
}

/**
 * A route's `handle` for a page that ships scripts only while one of its notices is due to start or end
 * (the public trail and bench pages, decision 064): the scripts are what reloads the open page's data at
 * that moment (`useRevalidateAt`, decision 051). With nothing due, nothing on the page needs them.
 */
export const scriptsWhileANoticeIsDue = scriptsWhen<{ nextChangeAt: string | null }>(
  ({ nextChangeAt }) => nextChangeAt !== null,
);

function leafAsksForNoScripts(matches: ReturnType<typeof useMatches>) {
  const leaf = matches[matches.length - 1];
  const scripts = (leaf?.handle as ScriptsHandle | undefined)?.scripts;
  if (typeof scripts === "function") return !scripts(leaf?.data);
  return scripts === false;
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

/**
 * Whether this document carries scripts, as the root layout decided it (`useDocumentScripts`), for
 * components that render differently without them (the site's frame links, app/components/site-links.tsx).
 * Outside the layout (tests of single components) a document is taken to carry them.
 */
export const DocumentScriptsContext = createContext(true);
