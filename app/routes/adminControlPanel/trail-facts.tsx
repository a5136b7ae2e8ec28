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
import { SubmitWithMessage } from "./area-form";
import { choicesOf, useFactsForm, type Fact } from "./facts-form";
import { FoldedTrailForm, type TrailFormProps } from "./trail-form";

const NONE_NEARBY = "None nearby";

const TRAIL_FACTS: readonly Fact<
  "surface" | "steps" | "stepsLocation" | "steepestGradePercent" | "shade" | "lighting" | "restrooms" | "water"
>[] = [
  { name: "surface", label: "Surface", options: choicesOf(SURFACES, SURFACE_LABELS) },
  {
    name: "steps",
    label: "Steps (0 when step-free)",
    short: "Steps",
    inputProps: { inputMode: "numeric", placeholder: "e.g. 0" },
    blank: NOT_RECORDED,
  },
  {
    name: "stepsLocation",
    label: "Where the steps are",
    inputProps: { placeholder: "e.g. at the parking deck stairwell" },
  },
  {
    name: "steepestGradePercent",
    label: "Steepest grade in percent",
    short: "Steepest grade",
    inputProps: { inputMode: "decimal", placeholder: "e.g. 5" },
    unit: " %",
    blank: NOT_RECORDED,
  },
  { name: "shade", label: "Shade", options: choicesOf(SHADE_LEVELS, TRAIL_SHADE_LABELS) },
  { name: "lighting", label: "Lighting", options: choicesOf(LIGHTING_LEVELS, LIGHTING_LABELS) },
  {
    name: "restrooms",
    label: "Where the nearest restrooms are (blank: none nearby)",
    short: "Restrooms",
    blank: NONE_NEARBY,
  },
  { name: "water", label: "Where drinking water is (blank: none nearby)", short: "Water", blank: NONE_NEARBY },
];

/**
 * The facts on the trail's public page, in one plain form; blank (or "Not recorded") until someone has
 * looked. Closed until opened (it is long on a phone, and coordinates are the area's daily work), and open
 * when it holds the answer to its last submission.
 */
export function TrailFactsForm(props: TrailFormProps) {
  const { trail, lastResult } = props;
  const saved = { ...trail.facts, version: trail.version };
  const [form, summary, body] = useFactsForm(anchors.trailFacts, trailFactsFormSchema, TRAIL_FACTS, saved, lastResult);
  return (
    // The facts shown are the same in every version since (the form is new when they change), so the version
    // it sends may be any later one.
    <FoldedTrailForm
      {...props}
      form={form}
      summary={summary}
      anchor={anchors.trailFacts}
      title="Facts shown on the trail's page"
    >
      {body}
      <SubmitWithMessage intent="save-facts" label="Save facts" anchor={anchors.trailFacts} />
    </FoldedTrailForm>
  );
}
