import { BENCH_SHADE_LABELS, NOT_RECORDED, SHADE_LEVELS } from "~/lib/facts";
import { benchFactsFormSchema } from "~/schemas/facts";
import { anchors } from "./area";
import { SubmitWithMessage } from "./area-form";
import { CardForm } from "./card-form";
import type { Bench } from "./bench";
import { YES_NO } from "./fact-fields";
import { choicesOf, useFactsForm, type Fact } from "./facts-form";
import type { ItemFormProps } from "./item-form-props";

// The Bench area's facts form: what a bench's public page says of it (docs/features.md).

const BENCH_FACTS: readonly Fact<"backrest" | "armrests" | "shade" | "seatHeightCm" | "wheelchairSpace">[] = [
  { name: "backrest", label: "Backrest", options: YES_NO },
  { name: "armrests", label: "Armrests", options: YES_NO },
  { name: "shade", label: "Shade", options: choicesOf(SHADE_LEVELS, BENCH_SHADE_LABELS) },
  {
    name: "seatHeightCm",
    label: "Seat height in centimetres",
    short: "Seat height",
    inputProps: { inputMode: "numeric", placeholder: "e.g. 45" },
    unit: " cm",
    blank: NOT_RECORDED,
  },
  {
    name: "wheelchairSpace",
    label: "Room for a wheelchair beside it",
    short: "Room for a wheelchair",
    options: YES_NO,
  },
];

/** What the bench's public page says of it, in a form of its own; "Not recorded" until someone has looked. */
export function BenchFactsForm({ bench, here, lastResult }: ItemFormProps<{ bench: Bench }>) {
  const [form, summary, body] = useFactsForm(anchors.benchFacts, benchFactsFormSchema, BENCH_FACTS, bench, lastResult);
  return (
    <CardForm form={form} summary={summary} action={here} heading="Facts shown on the bench's page">
      <input type="hidden" name="benchId" value={bench.id} />
      <input type="hidden" name="version" value={bench.version} />
      {body}
      <SubmitWithMessage intent="save-bench-facts" label="Save facts" anchor={anchors.benchFacts} />
    </CardForm>
  );
}
