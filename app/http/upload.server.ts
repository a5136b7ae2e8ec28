// Reading the one multipart form the app takes (a trail's path from a file). The request gate already
// holds its body to the upload limit; this reads it part by part and keeps no more than a form of ours
// sends either way: the one file, cut at one byte over its limit (so the schema refuses it with its own
// sentence), and short text fields. Anything else in the body is read past and dropped.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

/** No text field of the upload form is longer; longer values are cut here and refused by the schema. */
const MAX_TEXT_FIELD_BYTES = 1024;

async function collect(data: AsyncIterable<Uint8Array>, keep: number) {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  for await (const chunk of data) {
    if (kept >= keep) continue;
    const piece = chunk.subarray(0, keep - kept);
    chunks.push(piece);
    kept += piece.length;
  }
  return chunks;
}

/**
 * The form's fields, with the file named `fileField` (the first of that name) as a File of at most
 * `maxFileBytes` + 1 bytes; null when the body is no multipart form we can read.
 */
export async function readUploadForm(request: Request, { fileField, maxFileBytes }: { fileField: string; maxFileBytes: number }): Promise<FormData | null> {
  let fileTaken = false;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (filename === undefined) return new TextDecoder().decode(Buffer.concat(await collect(data, MAX_TEXT_FIELD_BYTES)));
    if (name !== fileField || fileTaken) {
      await collect(data, 0);
      return undefined;
    }
    fileTaken = true;
    return new File([Buffer.concat(await collect(data, maxFileBytes + 1))], filename, { type: contentType });
  };
  try {
    return await unstable_parseMultipartFormData(request, handler);
  } catch {
    return null;
  }
}
