// Which methods each page and resource route outside the API takes, read from the server build's route
// manifest: the gate answers any other with 405 and `Allow` before Remix, which would otherwise render
// its "Unexpected Application Error!" page and log an error for every such request.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

type BuildRoutes = ServerBuild["routes"];
type Route = BuildRoutes[string];
type RouteObject = NonNullable<Parameters<typeof matchRoutes>[0]>[number];

const READ = ["GET", "HEAD"] as const;

/** A route table for matchRoutes, with each route's manifest entry as its id. */
function routeTree(routes: BuildRoutes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = routeTree(routes, route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
    });
}

function decodes(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A page takes the forms it renders (POST); a resource route with an action takes any write. */
function methodsOfRoute(route: Route): string[] {
  const module = route.module as { action?: unknown; default?: unknown };
  if (!module.action) return [...READ];
  return module.default ? [...READ, "POST"] : [...READ, "POST", "PUT", "PATCH", "DELETE"];
}

/**
 * The methods a target (a path outside /api, with its query) may use, the way Remix picks the route
 * that answers a write: the deepest match, and an index route only when asked for with `?index`. A
 * single-fetch data request (`/x.data`, `/_root.data`) is its page's. Null when no route matches.
 */
export function pageMethods(routes: BuildRoutes) {
  const tree = routeTree(routes);
  return function methodsOf(target: string): readonly string[] | null {
    const url = new URL(target, "http://gate.invalid");
    const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
    // A path that does not decode is no page's; matchRoutes would warn in plain text on the log.
    if (!decodes(pathname)) return null;
    const matches = matchRoutes(tree, pathname);
    if (!matches || matches.length === 0) return null;
    const indexAsked = url.searchParams.getAll("index").some((value) => value === "");
    const last = matches[matches.length - 1];
    const answering = last.route.index && !indexAsked && matches.length > 1 ? matches[matches.length - 2] : last;
    const route = routes[answering.route.id!];
    return route ? methodsOfRoute(route) : null;
  };
}
