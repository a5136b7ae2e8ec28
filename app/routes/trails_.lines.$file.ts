import type { LoaderFunctionArgs } from "@remix-run/node";
import { trailLineSvg } from "~/models/trail-map.server";
import { trailLineFileSchema } from "~/schemas/trail";
import { namedFileResponse } from "~/utils/named-file.server";

/**
 * A trail's drawn line (decision 061): what /trails draws when its document carries the trail's points in
 * its data already. Public, like the trail's own page. The address names the drawing, so a browser keeps
 * it for a year without asking again, and an edited path comes at a new address.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = trailLineFileSchema.safeParse(params.file);
  const svg = file.success ? await trailLineSvg(file.data.trailId, file.data.digest) : null;
  return namedFileResponse(svg ? { body: svg, contentType: "image/svg+xml; charset=utf-8" } : null);
}
