import { Link } from "@remix-run/react";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { trailDetailsIntents } from "~/schemas/trail-admin";
import { anchors } from "./area";
import { SubmitWithMessage } from "./area-form";
import type { Trail } from "./trail";
import { TrailColorField } from "./trail-color-field";
import { FoldedTrailForm, type TrailFormProps } from "./trail-form";

const [detailsSchema] = trailDetailsIntents;

/** A trail's name and colour (decision 078) and its public page, closed until opened or answered. */
export function TrailDetailsForm(props: TrailFormProps) {
  const { trail, lastResult } = props;
  const [form, fields, summary] = useSchemaForm(anchors.trailDetails, detailsSchema, lastResult, {
    name: trail.name,
    color: trail.color.toLowerCase(),
  });
  return (
    <FoldedTrailForm {...props} form={form} summary={summary} anchor={anchors.trailDetails} title="Name and colour">
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
    </FoldedTrailForm>
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
