import type { LoaderFunctionArgs } from "@remix-run/node";
import { getThumbnailImage } from "~/models/video-thumbnail.server";
import { thumbnailFileSchema } from "~/schemas/video";
import { namedFileResponse } from "~/utils/named-file.server";

/**
 * A video's still, stored by the server and served from our origin. The address carries the picture's
 * hash, so a new picture has a new address and this one can be cached for a year without asking again.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = thumbnailFileSchema.safeParse(params.file);
  const image = file.success
    ? await getThumbnailImage(file.data.videoId, file.data.hashPrefix, file.data.extension)
    : null;
  return namedFileResponse(image && { body: image.bytes, contentType: image.contentType });
}
