import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { TextField } from "~/components/form-fields";
import { useFlashAnchor } from "~/components/toast-message";
import { useSchemaForm } from "~/components/use-schema-form";
import { trailDetailsIntents } from "~/schemas/trail-admin";
import { anchors } from "./area";
import { AreaForm, SubmitWithMessage } from "./area-form";
import type { Trail } from "./trail";
import { TrailColorField } from "./trail-color-field";

const [detailsSchema] = trailDetailsIntents;

/**
 * A trail's name and colour (decision 078) and its public page, closed until opened or answered: the area
 * stays short on a phone (decision 020).
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
  const answered = useFlashAnchor() === anchors.trailDetails || lastResult !== undefined;
  return (
    <details open={answered} className="card group mb-6">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 text-lg font-semibold">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ▸
        </span>
        Name and colour
      </summary>
      <AreaForm
        form={form}
        summary={summary}
        action={here}
        heading="Name and colour"
        hideHeading
        level={4}
        className="scroll-mt-4 px-4 pb-4"
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
      </AreaForm>
    </details>
  );
}

/** The chosen trail's name as the section's heading, and Delete beside it. */
export function TrailHeading({ trail, here }: { trail: Trail; here: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <h3 className="text-xl font-semibold">{trail.name}</h3>
      <Link to={`${here}&confirm=delete-trail`} preventScrollReset className="btn-danger" aria-haspopup="dialog">
        {`Delete the ${trail.name}`}
      </Link>
    </div>
  );
}
