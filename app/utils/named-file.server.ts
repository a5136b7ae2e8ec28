// Files whose address names their content (a picture's hash, a drawing's digest): new content comes at a
// new address, so a browser keeps each one for a year without asking again.

type NamedFile = { body: Uint8Array<ArrayBuffer> | string; contentType: string };

/** The file, or a plain 404 that nobody caches when nothing is at this address. */
export function namedFileResponse(file: NamedFile | null) {
  if (!file) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      ...(typeof file.body === "string" ? {} : { "Content-Length": String(file.body.byteLength) }),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
