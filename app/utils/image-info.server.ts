// What kind of picture some bytes are, and how big, read from the file's own header: what a server says
// the type is cannot be trusted, and decoding the picture would need a dependency for a few fields.

export type ImageType = "image/jpeg" | "image/png" | "image/webp";
export type ImageInfo = { contentType: ImageType; width: number; height: number };

/** The file extension the served address uses for each type. */
export const IMAGE_EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const satisfies Record<ImageType, string>;

function ascii(bytes: Uint8Array, start: number, length: number) {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** PNG: the signature, then the IHDR chunk whose first fields are the width and height. */
function png(bytes: Uint8Array, view: DataView): ImageInfo | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, i) => bytes[i] !== byte) || ascii(bytes, 12, 4) !== "IHDR") return null;
  return { contentType: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers (baseline, progressive, …); C4 (Huffman tables), C8 and CC are not frames.
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: segments from the start-of-image marker up to the first start-of-frame, which holds the size. */
function jpeg(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      return { contentType: "image/jpeg", height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container whose first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webp(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") {
    // A key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { contentType: "image/webp", width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { contentType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return { contentType: "image/webp", width, height };
  }
  return null;
}

/** The type and size of a JPEG, PNG or WebP picture; null for anything else or an empty picture. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const info = png(bytes, view) ?? jpeg(bytes, view) ?? webp(bytes, view);
  return info && info.width > 0 && info.height > 0 ? info : null;
}
