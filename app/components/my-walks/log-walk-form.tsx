import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { SelectField, TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { SectionForm } from "~/components/section-form";
import { useSchemaForm } from "~/components/use-schema-form";
import { MAX_WALK_LAPS, MAX_WALK_MILES, MAX_WALK_MINUTES, walkInputSchema } from "~/schemas/walk";
import { MY_WALKS_PAGE as PAGE } from "./walk-figures";

export function LogWalkForm({
  trails,
  defaultTrailId,
  today,
  lastResult,
}: {
  trails: { id: string; name: string }[];
  defaultTrailId?: string;
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, summary] = useSchemaForm("log-walk-form", walkInputSchema, lastResult, {
    trailId: defaultTrailId,
    date: today,
    laps: "1",
  });
  return (
    <SectionForm page={PAGE} form={getFormProps(form)} summary={summary} labelledBy="log-walk-heading">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.trailId}
          label="Trail"
          placeholder="Select Trail"
          options={trails.map((trail) => ({ value: trail.id, label: trail.name }))}
        />
        <TextField field={fields.date} label="Date" type="date" inputProps={{ max: today }} />
        <TextField
          field={fields.durationMinutes}
          label="Duration in minutes (optional)"
          type="number"
          inputProps={{ min: 1, max: MAX_WALK_MINUTES, step: "any", inputMode: "decimal" }}
        />
        <TextField
          field={fields.laps}
          label="Laps"
          type="number"
          inputProps={{ min: 0.5, max: MAX_WALK_LAPS, step: "any", inputMode: "decimal" }}
        />
        <TextField
          field={fields.distanceMiles}
          label="Distance in miles (optional)"
          type="number"
          inputProps={{ min: 0.01, max: MAX_WALK_MILES, step: "any", inputMode: "decimal" }}
          hint={<p className="mb-1 text-sm text-stone-600">Empty: the trail's length times the laps.</p>}
        />
      </div>
      <SubmitButton intent="log" label="Save walk" pendingLabel="Saving…" />
      <input type="hidden" name="intent" value="log" />
    </SectionForm>
  );
}
