import { createCookie } from "@remix-run/node";
import { env } from "~/utils/env.server";

/** How /trails shows its map: the server-drawn map alone, or the interactive one (OpenLayers). */
export type TrailMapView = "simple" | "interactive";

/**
 * The one remembered choice of /trails (decision 067): "interactive" makes the next /trails come with its
 * scripts and the OpenLayers map at once. It only picks a view and grants nothing, so it is not signed:
 * any value but "interactive" (a forged one included) reads as the simple map.
 */
const trailMapCookie = createCookie("trailsMap", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.COOKIE_SECURE,
  // Not "/trails": a hydrated page asks for /trails' data at /trails.data, outside that path.
  path: "/",
  // A year: chosen once, the map stays interactive on this browser.
  maxAge: 365 * 24 * 60 * 60,
});

/**
 * The view for this request and, when `?map=` changes the remembered choice, the Set-Cookie that
 * remembers it. `?map=interactive` / `?map=simple` are the page's own links ("Interactive map",
 * "Simple map"); anything else there is ignored.
 */
export async function trailMapView(request: Request): Promise<{ view: TrailMapView; setCookie: string | null }> {
  const asked = new URL(request.url).searchParams.get("map");
  const cookies = request.headers.get("Cookie");
  // Most requests carry no choice: parsing every cookie (and unsigning none) is then work for nothing.
  const chosen = cookies?.includes(`${trailMapCookie.name}=`) ? await trailMapCookie.parse(cookies) : null;
  const remembered: TrailMapView = chosen === "interactive" ? "interactive" : "simple";
  if (asked !== "interactive" && asked !== "simple") return { view: remembered, setCookie: null };
  if (asked === remembered) return { view: asked, setCookie: null };
  const setCookie =
    asked === "interactive"
      ? await trailMapCookie.serialize("interactive")
      : await trailMapCookie.serialize("", { maxAge: 0 });
  return { view: asked, setCookie };
}
