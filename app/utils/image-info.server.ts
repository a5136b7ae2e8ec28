// What kind of picture some bytes are, and how big, read from the file's own header by image-size: what a
// server says the type is cannot be trusted, and decoding the picture is not needed for a few fields.
import { imageSize } from "image-size";

export type ImageType = "image/jpeg" | "image/png" | "image/webp";
export type ImageInfo = { contentType: ImageType; width: number; height: number };

/** The file extension the served address uses for each type. */
export const IMAGE_EXTENSIONS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const satisfies Record<ImageType, string>;

/** The types a still may have, by image-size's name for each; every other kind of picture is refused. */
const TYPES: Record<string, ImageType> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The type and size of a JPEG, PNG or WebP picture; null for anything else, a cut-off header or an empty picture. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  try {
    // A copy of exactly these bytes: image-size reads a cut-off header on past the view's end, into
    // whatever shares its memory (Node's pool of small buffers), where a copy's end throws.
    const { type, width, height } = imageSize(new Uint8Array(bytes));
    const contentType = type === undefined ? undefined : TYPES[type];
    return contentType && width > 0 && height > 0 ? { contentType, width, height } : null;
  } catch {
    // image-size throws on bytes it cannot read as a picture of any kind it knows.
    return null;
  }
}
