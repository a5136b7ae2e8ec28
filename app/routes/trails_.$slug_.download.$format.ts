import type { LoaderFunctionArgs } from "@remix-run/node";
import { trailGeoJson, trailGpx } from "~/lib/trail-export";
import { dataVersionsOf } from "~/http/auth.server";
import { benchesInTrailOrder, getTrailBySlug } from "~/models/trail.server";

// /trails/{slug}/download/gpx and /trails/{slug}/download/geojson: public, like the trail page.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const format = params.format;
  if (format !== "gpx" && format !== "geojson") throw new Response("Unknown format", { status: 404 });
  const versions = await dataVersionsOf({ request, context });
  const trail = await getTrailBySlug(params.slug ?? "", versions);
  if (!trail) throw new Response("No such trail", { status: 404 });
  // The trail's benches in walking order, by the same rule as the directions.
  const onTrail = (await benchesInTrailOrder(trail, versions)).map(({ bench }) => bench);
  const file = `${trail.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.${format}`;
  const body = format === "gpx" ? trailGpx(trail, onTrail) : JSON.stringify(trailGeoJson(trail, onTrail));
  return new Response(body, {
    headers: {
      "Content-Type": format === "gpx" ? "application/gpx+xml; charset=utf-8" : "application/geo+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
    },
  });
}
