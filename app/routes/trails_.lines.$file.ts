import type { LoaderFunctionArgs } from "@remix-run/node";
import { trailLineSvg } from "~/models/trail-map.server";
import { trailLineFileSchema } from "~/schemas/trail";

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A trail's drawn line (decision 061): what /trails draws when its document carries the trail's points in
 * its data already. Public, like the trail's own page. The address names the drawing, so a browser keeps
 * it for a year without asking again, and an edited path comes at a new address.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = trailLineFileSchema.safeParse(params.file);
  if (!file.success) return notFound();
  const svg = await trailLineSvg(file.data.trailId, file.data.digest);
  if (!svg) return notFound();
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
