// Reading the one multipart form the app takes (a trail's path from a file). The request gate holds its
// body to the upload limit (1 MB and the form around it, and four such bodies at once) before this runs,
// so the platform's own parser (the fetch standard's `formData()`) reads it whole; from what it gives,
// this keeps no more than a form of ours sends: the one file, cut at one byte over its limit (so the
// schema refuses it with its own sentence), and short text fields. Anything else is dropped.
// Remix's streaming parser split the Content-Disposition header at every `;` and `=`, even inside the
// quoted file name, and so refused a file called "gold=v2.gpx" or "gold;1.gpx" as no form at all.

/** No text field of the upload form is longer; longer values are cut here and refused by the schema. */
const MAX_TEXT_FIELD_BYTES = 1024;

function cutText(value: string, limit = MAX_TEXT_FIELD_BYTES) {
  const bytes = Buffer.from(value);
  return bytes.length <= limit ? value : new TextDecoder().decode(bytes.subarray(0, limit));
}

/**
 * The form's fields, with the file named `fileField` (the first of that name) as a File of at most
 * `maxFileBytes` + 1 bytes, named without the folders some browsers put before it; null when the body is
 * no multipart form we can read. `longTextFields` names the text fields allowed more than 1 KB (a new
 * trail's typed points), each kept to its limit and a byte, so the schema refuses it with its sentence.
 */
export async function readUploadForm(
  request: Request,
  {
    fileField,
    maxFileBytes,
    longTextFields = {},
  }: { fileField: string; maxFileBytes: number; longTextFields?: Record<string, number> },
): Promise<FormData | null> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "")) return null;
  let parsed: FormData;
  try {
    parsed = await request.formData();
  } catch {
    return null;
  }
  const form = new FormData();
  let fileTaken = false;
  for (const [name, value] of parsed) {
    if (typeof value === "string") {
      form.append(name, cutText(value, Object.hasOwn(longTextFields, name) ? longTextFields[name] + 1 : undefined));
      continue;
    }
    if (name !== fileField || fileTaken) continue;
    fileTaken = true;
    const fileName = value.name.split(/[/\\]/).pop() ?? "";
    form.append(name, new File([value.slice(0, maxFileBytes + 1)], fileName, { type: value.type }));
  }
  return form;
}
