import type { SubmissionResult } from "@conform-to/react";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { useFlashAnchor } from "~/components/toast-message";
import {
  LIGHTING_LABELS,
  LIGHTING_LEVELS,
  NOT_RECORDED,
  SHADE_LEVELS,
  SURFACE_LABELS,
  SURFACES,
  TRAIL_SHADE_LABELS,
} from "~/lib/facts";
import { trailFactsFormSchema } from "~/schemas/facts";
import { anchors } from "./area";
import { AreaForm, SubmitWithMessage } from "./area-form";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import { FactSelectField } from "./fact-fields";
import type { Trail } from "./trail";

/**
 * The facts on the trail's public page, in one plain form; blank (or "Not recorded") until someone has
 * looked. Closed until opened (it is long on a phone, and coordinates are the area's daily work), and open
 * when it holds the answer to its last submission.
 */
export function TrailFactsForm({
  trail,
  here,
  lastResult,
}: {
  trail: Trail;
  here: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { facts } = trail;
  const [form, fields, summary] = useSchemaForm(anchors.trailFacts, trailFactsFormSchema, lastResult, {
    surface: facts.surface ?? "",
    steps: facts.steps === null ? "" : String(facts.steps),
    stepsLocation: facts.stepsLocation ?? "",
    steepestGradePercent: facts.steepestGradePercent === null ? "" : String(facts.steepestGradePercent),
    shade: facts.shade ?? "",
    lighting: facts.lighting ?? "",
    restrooms: facts.restrooms ?? "",
    water: facts.water ?? "",
  });
  // Saved by someone else since this form was opened: both versions, field by field.
  const typed = typedOverStale(lastResult, trail.version);
  const label = <Value extends string>(labels: Record<Value, string>, value: string) =>
    value in labels ? labels[value as Value] : NOT_RECORDED;
  const text = (value: string, unit = "") => (value ? `${value}${unit}` : NOT_RECORDED);
  const place = (value: string) => value || "None nearby";
  const answered = useFlashAnchor() === anchors.trailFacts || lastResult !== undefined;
  return (
    <details open={answered} className="card group mb-6">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 text-lg font-semibold">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ▸
        </span>
        Facts shown on the trail&apos;s page
      </summary>
      <AreaForm
        form={form}
        summary={summary}
        action={here}
        heading="Facts shown on the trail's page"
        hideHeading
        level={4}
        className="scroll-mt-4 px-4 pb-4"
      >
        <input type="hidden" name="trailId" value={trail.id} />
        {/* The facts above are the same in every version since (the form is new when they change), so any later version will do. */}
        <input type="hidden" name="version" value={trail.version} />
        {typed ? (
          <BothVersions
            id={`${anchors.trailFacts}-versions`}
            rows={[
              {
                label: "Surface",
                yours: label(SURFACE_LABELS, typedText(typed, "surface")),
                saved: label(SURFACE_LABELS, facts.surface ?? ""),
              },
              {
                label: "Steps",
                yours: text(typedText(typed, "steps")),
                saved: text(facts.steps === null ? "" : String(facts.steps)),
              },
              {
                label: "Where the steps are",
                yours: typedText(typed, "stepsLocation"),
                saved: facts.stepsLocation ?? "",
              },
              {
                label: "Steepest grade",
                yours: text(typedText(typed, "steepestGradePercent"), " %"),
                saved: text(facts.steepestGradePercent === null ? "" : String(facts.steepestGradePercent), " %"),
              },
              {
                label: "Shade",
                yours: label(TRAIL_SHADE_LABELS, typedText(typed, "shade")),
                saved: label(TRAIL_SHADE_LABELS, facts.shade ?? ""),
              },
              {
                label: "Lighting",
                yours: label(LIGHTING_LABELS, typedText(typed, "lighting")),
                saved: label(LIGHTING_LABELS, facts.lighting ?? ""),
              },
              { label: "Restrooms", yours: place(typedText(typed, "restrooms")), saved: place(facts.restrooms ?? "") },
              { label: "Water", yours: place(typedText(typed, "water")), saved: place(facts.water ?? "") },
            ]}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FactSelectField
            field={fields.surface}
            label="Surface"
            options={SURFACES.map((surface) => ({ value: surface, label: SURFACE_LABELS[surface] }))}
          />
          <TextField
            field={fields.steps}
            label="Steps (0 when step-free)"
            inputProps={{ inputMode: "numeric", placeholder: "e.g. 0" }}
          />
          <TextField
            field={fields.stepsLocation}
            label="Where the steps are"
            inputProps={{ placeholder: "e.g. at the parking deck stairwell" }}
          />
          <TextField
            field={fields.steepestGradePercent}
            label="Steepest grade in percent"
            inputProps={{ inputMode: "decimal", placeholder: "e.g. 5" }}
          />
          <FactSelectField
            field={fields.shade}
            label="Shade"
            options={SHADE_LEVELS.map((level) => ({ value: level, label: TRAIL_SHADE_LABELS[level] }))}
          />
          <FactSelectField
            field={fields.lighting}
            label="Lighting"
            options={LIGHTING_LEVELS.map((level) => ({ value: level, label: LIGHTING_LABELS[level] }))}
          />
          <TextField field={fields.restrooms} label="Where the nearest restrooms are (blank: none nearby)" />
          <TextField field={fields.water} label="Where drinking water is (blank: none nearby)" />
        </div>
        <SubmitWithMessage intent="save-facts" label="Save facts" anchor={anchors.trailFacts} />
      </AreaForm>
    </details>
  );
}
