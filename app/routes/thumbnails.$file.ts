import type { LoaderFunctionArgs } from "@remix-run/node";
import { getThumbnailImage } from "~/models/video-thumbnail.server";
import { thumbnailFileSchema } from "~/schemas/video";

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A video's still, stored by the server and served from our origin. The address carries the picture's
 * hash, so a new picture has a new address and this one can be cached for a year without asking again.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = thumbnailFileSchema.safeParse(params.file);
  if (!file.success) return notFound();
  const image = await getThumbnailImage(file.data.videoId, file.data.hashPrefix, file.data.extension);
  if (!image) return notFound();
  return new Response(image.bytes, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
