/// <reference types="vite/client" />
// Calls the app's route modules in-process, as Remix would for a request: the path is matched against
// the flat-route file names, and the loader (GET) or action (other methods) runs with real sessions and
// the test file's own database.
import { sessionCookie } from "~/http/session-cookie.server";

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
};

// Folder routes keep their module in route.tsx; the folder's other files are not routes.
const modules = import.meta.glob<RouteModule>(["../../app/routes/*.{ts,tsx}", "../../app/routes/*/route.{ts,tsx}"], { eager: true });

type CompiledRoute = { file: string; segments: string[]; module: RouteModule; score: number };

function compile(): CompiledRoute[] {
  return Object.entries(modules)
    .map(([file, module]) => {
      const name = file.replace(/^.*\/routes\//, "").replace(/(\/route)?\.(ts|tsx)$/, "");
      const segments =
        name === "_index"
          ? []
          : name
              .split(/\.(?![^[]*\])/)
              // `_` prefixes are pathless layouts, `_` suffixes opt out of nesting: neither is in the URL.
              .filter((segment) => !segment.startsWith("_"))
              .map((segment) => segment.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1"));
      // Static segments outrank dynamic ones, and both outrank the catch-all, as in Remix.
      const score = segments.reduce((sum, s) => sum + (s === "$" ? 0 : s.startsWith("$") ? 2 : 3), 0);
      return { file: name, segments, module, score };
    })
    .sort((a, b) => b.score - a.score || b.segments.length - a.segments.length);
}

const compiled = compile();

export function matchRoute(pathname: string): { module: RouteModule; params: Record<string, string>; file: string } {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of compiled) {
    const params: Record<string, string> = {};
    if (route.segments[route.segments.length - 1] === "$") {
      const fixed = route.segments.slice(0, -1);
      if (parts.length <= fixed.length) continue;
      if (!fixed.every((s, i) => (s.startsWith("$") ? ((params[s.slice(1)] = parts[i]), true) : s === parts[i]))) continue;
      params["*"] = parts.slice(fixed.length).join("/");
      return { module: route.module, params, file: route.file };
    }
    if (route.segments.length !== parts.length) continue;
    if (route.segments.every((s, i) => (s.startsWith("$") ? ((params[s.slice(1)] = parts[i]), true) : s === parts[i]))) {
      return { module: route.module, params, file: route.file };
    }
  }
  throw new Error(`no route module for ${pathname}`);
}

export async function sessionCookieFor(sessionId: string) {
  return (await sessionCookie.serialize(sessionId)).split(";")[0];
}

/** Runs the route's loader or action; thrown Responses (redirects, 403, 404) are returned, not thrown. */
export async function callRoute(path: string, init: RequestInit & { sessionId?: string } = {}): Promise<Response> {
  const url = new URL(path, "http://localhost");
  const headers = new Headers(init.headers);
  if (init.sessionId) headers.append("Cookie", await sessionCookieFor(init.sessionId));
  const request = new Request(url, { ...init, headers });
  const { module, params } = matchRoute(url.pathname);
  const method = (init.method ?? "GET").toUpperCase();
  const fn = method === "GET" || method === "HEAD" ? module.loader : module.action;
  if (!fn) return new Response(null, { status: 405 });
  try {
    const result = await fn({ request, params, context: {} });
    if (result instanceof Response) return result;
    // Single fetch: plain objects and data() results are 200s unless data() set a status.
    const status = (result as { init?: { status?: number } } | null)?.init?.status ?? 200;
    return new Response(JSON.stringify(result ?? null), { status });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
