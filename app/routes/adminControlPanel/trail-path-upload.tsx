import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Disclosure } from "~/components/disclosure";
import { ErrorSummary } from "~/components/error-summary";
import { FieldErrors } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage, useFlashAnchor } from "~/components/toast-message";
import { TRAIL_PATH_UPLOAD_ANCHOR, TRAIL_PATH_UPLOAD_URL } from "~/lib/navigation";
import { MAX_PATH_FILE_BYTES, MAX_PATH_POINTS, PATH_FILE_EXTENSIONS } from "~/lib/trail-path-file";
import { trailPathUploadSchema } from "~/schemas/trail-path";

/**
 * "Replace the path from a file": one file input, sent as a multipart form to the upload route, whose
 * next page is the preview. In the Trail area, and on the upload route's own page after a refusal.
 */
export function TrailPathUpload({
  trail,
  lastResult,
  level = 4,
}: {
  trail: { id: string; name: string };
  lastResult?: SubmissionResult<string[]>;
  level?: 2 | 4;
}) {
  const [form, fields, summary] = useSchemaForm("trail-path-file", trailPathUploadSchema, lastResult);
  const { key, ...fileProps } = getInputProps(fields.file, { type: "file" });
  const answered = useFlashAnchor() === TRAIL_PATH_UPLOAD_ANCHOR || lastResult !== undefined;
  const title = "Replace the path from a file";
  const body = (
    <>
      <p className="mb-3 text-stone-700">
        {`Upload a GPX track or a GeoJSON line of the ${trail.name}, such as one recorded on a phone or a file downloaded from a trail's page. The next page shows the new path over the current one; nothing changes until you apply it.`}
      </p>
      <AnchoredMessage anchor={TRAIL_PATH_UPLOAD_ANCHOR} className="mb-3" />
      {/* A document post (also with JavaScript): the request gate lets a file through to this one URL only. */}
      <Form
        method="post"
        encType="multipart/form-data"
        action={`${TRAIL_PATH_UPLOAD_URL}?${new URLSearchParams({ trail: trail.id })}`}
        reloadDocument
        {...getFormProps(form)}
      >
        <ErrorSummary summary={summary} level={level === 2 ? 3 : 5} className="mb-4" />
        <label htmlFor={fields.file.id} className="field-label">
          {`GPX or GeoJSON file (${PATH_FILE_EXTENSIONS.join(", ")}; at most ${MAX_PATH_FILE_BYTES / 1024 / 1024} MB and ${MAX_PATH_POINTS.toLocaleString("en-US")} points)`}
        </label>
        <input key={key} {...fileProps} accept={PATH_FILE_EXTENSIONS.join(",")} className="field-input min-h-11 py-2" />
        <FieldErrors id={fields.file.errorId} errors={fields.file.errors} />
        <button type="submit" className="btn-primary mt-3">
          Upload and preview
        </button>
      </Form>
    </>
  );
  if (level === 2) {
    const headingId = `${TRAIL_PATH_UPLOAD_ANCHOR}-heading`;
    return (
      <section id={TRAIL_PATH_UPLOAD_ANCHOR} aria-labelledby={headingId} className="card mb-6 scroll-mt-4 p-4">
        <h2 id={headingId} className="mb-2 text-lg font-semibold">
          {title}
        </h2>
        {body}
      </section>
    );
  }
  // In the Trail area it is folded like the facts (a path is replaced rarely, and the area must stay short
  // on a phone), and open when it holds the answer to an upload's Apply or Cancel.
  return (
    <Disclosure id={TRAIL_PATH_UPLOAD_ANCHOR} title={title} open={answered}>
      <section aria-label={title} className="px-4 pb-4">
        {body}
      </section>
    </Disclosure>
  );
}
