import type { LoaderFunctionArgs } from "@remix-run/node";
import { trailPreviewFile } from "~/models/trail-preview.server";
import { trailPreviewFileSchema } from "~/schemas/trail";
import { namedFileResponse } from "~/utils/named-file.server";

/**
 * The landing page's map of every trail and bench (decision 082). The address names the drawing, so a
 * browser keeps it for a year without asking again, and a changed campus comes at a new address.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const digest = trailPreviewFileSchema.safeParse(params.file);
  const svg = digest.success ? await trailPreviewFile(digest.data) : null;
  return namedFileResponse(svg ? { body: svg, contentType: "image/svg+xml; charset=utf-8" } : null);
}
