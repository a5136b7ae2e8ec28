import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { trailDetailsIntents } from "~/schemas/trail-admin";
import { anchors } from "./area";
import { AreaForm, SubmitWithMessage } from "./area-form";
import type { Trail } from "./trail";
import { TrailColorField } from "./trail-color-field";

const [detailsSchema] = trailDetailsIntents;

/**
 * A trail's name and colour (decision 078), its public page, and Delete: a link to the confirmation step,
 * a modal with JavaScript and a step in the page without it (the app's one confirmation, ConfirmDialog).
 */
export function TrailDetailsForm({
  trail,
  here,
  lastResult,
}: {
  trail: Trail;
  here: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, summary] = useSchemaForm(anchors.trailDetails, detailsSchema, lastResult, {
    name: trail.name,
    color: trail.color.toLowerCase(),
  });
  return (
    <AreaForm
      form={form}
      summary={summary}
      action={here}
      heading="Name and colour"
      level={4}
      className="card mb-6 scroll-mt-4 p-4"
    >
      <input type="hidden" name="trailId" value={trail.id} />
      <input type="hidden" name="version" value={trail.version} />
      <p className="mb-3 text-stone-700">
        {"Its page: "}
        <Link to={`/trails/${trail.slug}`} className="btn-link inline-flex min-h-11 items-center">
          {`/trails/${trail.slug}`}
        </Link>
        {" (the address stays when the trail is renamed)."}
      </p>
      <div className="grid gap-4">
        <TextField field={fields.name} label="Name" />
        <TrailColorField field={fields.color} keep={trail.color.toLowerCase()} />
      </div>
      <SubmitWithMessage intent="save-details" label="Save name and colour" anchor={anchors.trailDetails} />
      <p className="mt-4">
        <Link
          to={`${here}&confirm=delete-trail`}
          preventScrollReset
          className="btn-danger"
          aria-haspopup="dialog"
        >{`Delete the ${trail.name}`}</Link>
      </p>
    </AreaForm>
  );
}
