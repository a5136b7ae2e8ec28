import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Disclosure } from "~/components/disclosure";
import { ErrorSummary } from "~/components/error-summary";
import { FieldErrors, TextAreaField, TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage, useFlashAnchor } from "~/components/toast-message";
import { TRAIL_PATH_UPLOAD_URL } from "~/lib/navigation";
import { MAX_PATH_FILE_BYTES, PATH_FILE_EXTENSIONS } from "~/lib/trail-path-file";
import { newTrailFormSchema } from "~/schemas/trail-admin";
import { TrailColorField } from "./trail-color-field";

export const ADD_TRAIL_ANCHOR = "add-trail";

/**
 * "Add a trail" (decision 078): a name, a colour and the path, from a GPX or GeoJSON file or typed. It posts
 * to the path upload's route as a document, and lands on the same preview as a replaced path, where the
 * trail is added or not. In the Trail area (folded), and on the upload route's own page after a refusal.
 */
export function AddTrailForm({
  lastResult,
  level = 3,
  defaultColor = "blue",
  open = false,
}: {
  lastResult?: SubmissionResult<string[]>;
  level?: 2 | 3;
  defaultColor?: string;
  open?: boolean;
}) {
  const [form, fields, summary] = useSchemaForm("add-trail-form", newTrailFormSchema, lastResult, {
    color: defaultColor,
  });
  const { key, ...fileProps } = getInputProps(fields.file, { type: "file" });
  // Open when it holds the answer to a deletion or a cancelled addition, or to its own refused submission.
  const answered = useFlashAnchor() === ADD_TRAIL_ANCHOR || lastResult !== undefined;
  const body = (
    // A document post (also with JavaScript): the request gate lets a file through to this one URL only.
    <Form
      method="post"
      encType="multipart/form-data"
      action={TRAIL_PATH_UPLOAD_URL}
      reloadDocument
      {...getFormProps(form)}
      className="grid gap-4"
    >
      <ErrorSummary summary={summary} level={level} />
      <TextField field={fields.name} label="Name" inputProps={{ placeholder: "e.g. Riverside Loop" }} />
      <TrailColorField field={fields.color} />
      <div>
        <label htmlFor={fields.file.id} className="field-label">
          {`The path from a GPX or GeoJSON file (${PATH_FILE_EXTENSIONS.join(", ")}; at most ${MAX_PATH_FILE_BYTES / 1024 / 1024} MB)`}
        </label>
        <input key={key} {...fileProps} accept={PATH_FILE_EXTENSIONS.join(",")} className="field-input min-h-11 py-2" />
        <FieldErrors id={fields.file.errorId} errors={fields.file.errors} />
      </div>
      <TextAreaField
        field={fields.points}
        label='Or type its points in walking order, one "latitude, longitude" a line'
        rows={4}
      />
      <p className="text-sm text-stone-700">
        The next page shows the path on a map with its length; nothing is added until you press Add the trail.
      </p>
      <div>
        <button type="submit" className="btn-primary">
          Preview the new trail
        </button>
      </div>
    </Form>
  );
  if (level === 2) return body;
  return (
    // Folded like the path upload: adding a trail is rare, and the area must stay short on a phone.
    <Disclosure id={ADD_TRAIL_ANCHOR} title="Add a trail" open={open || answered}>
      <section aria-label="Add a trail" className="px-4 pb-4">
        <AnchoredMessage anchor={ADD_TRAIL_ANCHOR} className="mb-3" />
        {body}
      </section>
    </Disclosure>
  );
}
