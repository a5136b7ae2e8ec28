// The server's copy of @remix-run/router is patched (patches/) to cache ranked route branches, compiled
// path patterns, per path which branch matches first, and the data routes made from the same route
// objects. Cached answers must equal the ones a fresh, uncached route tree gives.
import { createRequire } from "node:module";
import type { AgnosticDataRouteObject, AgnosticRouteObject } from "@remix-run/router";

type RouteManifest = Record<string, AgnosticDataRouteObject | undefined>;
import { describe, expect, test } from "vitest";

// Loaded the way the server loads it (CommonJS `require`, so the patched dist/router.cjs.js).
const {
  matchPath,
  matchRoutes,
  UNSAFE_convertRoutesToDataRoutes: toDataRoutes,
} = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

const tree = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "trails", path: "trails" },
      { id: "video", path: "videos/:videoId" },
      { id: "reset", path: "reset/:token" },
      { id: "api-trail-point", path: "api/trails/:id/coordinate/:index" },
      { id: "api-trail", path: "api/trails/:id" },
      { id: "api-trails", path: "api/trails/trails" },
      { id: "api-splat", path: "api/*" },
      { id: "not-found", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/trails",
  "/TRAILS",
  "/trails/",
  "/videos/abc123",
  "/reset/tok%20en",
  "/api/trails/trails",
  "/api/trails/673e9addbf9ebe061ef810c1",
  "/api/trails/673e9addbf9ebe061ef810c1/coordinate/3",
  "/api/unknown/thing",
  "/nowhere/at/all",
];

const summary = (routes: AgnosticRouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname }));

describe("route matching with the server-side caches", () => {
  test("one route tree matched again and again answers exactly like a fresh tree each time", () => {
    const shared = tree();
    for (let round = 0; round < 3; round++) {
      for (const path of paths)
        expect(summary(shared, path), `${path} (round ${round})`).toEqual(summary(tree(), path));
    }
    expect(summary(shared, "/api/trails/trails")?.at(-1)?.id).toBe("api-trails");
    expect(summary(shared, "/api/trails/x/coordinate/2")?.at(-1)?.params).toMatchObject({ id: "x", index: "2" });
    expect(summary(shared, "/TRAILS")?.at(-1)?.id).toBe("trails");
    expect(summary(shared, "/nowhere/at/all")?.at(-1)?.id).toBe("not-found");
  });

  test("a path matched before gets matches of its own, never a copy another caller could have changed", () => {
    const shared = tree();
    const first = matchRoutes(shared, "/videos/abc123")!;
    (first[first.length - 1].params as Record<string, string>).videoId = "changed by a caller";
    first.pop();
    const second = matchRoutes(shared, "/videos/abc123")!;
    expect(second).not.toBe(first);
    expect(second.map((match) => match.route.id)).toEqual(["root", "video"]);
    expect(second[1].params).toEqual({ videoId: "abc123" });
  });

  test("past the thousand paths it remembers, every path still matches as a fresh tree says", () => {
    const shared = tree();
    for (let n = 0; n < 1_100; n++)
      expect(summary(shared, `/videos/v${n}`)?.at(-1)?.params).toEqual({ videoId: `v${n}` });
    for (const path of paths) expect(summary(shared, path), path).toEqual(summary(tree(), path));
  });

  test("a cached pattern keeps its own end and case options", () => {
    expect(matchPath({ path: "/trails", end: true }, "/trails/gold")).toBeNull();
    expect(matchPath({ path: "/trails", end: false }, "/trails/gold")?.pathnameBase).toBe("/trails");
    expect(matchPath({ path: "/trails", end: true }, "/trails/gold")).toBeNull();
    expect(matchPath({ path: "/Trails", caseSensitive: true }, "/trails")).toBeNull();
    expect(matchPath({ path: "/Trails", caseSensitive: false }, "/trails")?.pathname).toBe("/trails");
    expect(matchPath({ path: "/videos/:videoId" }, "/videos/one")?.params).toEqual({ videoId: "one" });
    expect(matchPath({ path: "/videos/:videoId" }, "/videos/two")?.params).toEqual({ videoId: "two" });
  });

  test("the same route objects and mapping give the same data routes, and each caller's manifest the same entries", () => {
    const shared = tree();
    const mapping = () => ({ hasErrorBoundary: false });
    const firstManifest: RouteManifest = {};
    const first = toDataRoutes(shared, mapping, undefined, firstManifest);
    const secondManifest: RouteManifest = {};
    const second = toDataRoutes(shared, mapping, undefined, secondManifest);
    expect(second).toBe(first);
    const freshManifest: RouteManifest = {};
    expect(second).toEqual(toDataRoutes(tree(), mapping, undefined, freshManifest));
    expect(Object.keys(secondManifest)).toEqual(Object.keys(freshManifest));
    expect(secondManifest.video).toBe(first[0].children?.find((route) => route.id === "video"));
    // Another mapping is another conversion.
    expect(toDataRoutes(shared, () => ({ hasErrorBoundary: true }), undefined, {})).not.toBe(first);
  });
});
