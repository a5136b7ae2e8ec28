import type { SubmissionResult } from "@conform-to/react";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { BENCH_SHADE_LABELS, NOT_RECORDED, SHADE_LEVELS } from "~/lib/facts";
import { benchFactsFormSchema } from "~/schemas/facts";
import { anchors } from "./area";
import { AreaForm, SubmitWithMessage } from "./area-form";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import type { loadBenchArea } from "./bench.server";
import { FactSelectField, YES_NO } from "./fact-fields";

// The Bench area's facts form: what a bench's public page says of it (docs/features.md).

const yesNoValue = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");
const yesNoText = (value: string) => YES_NO.find((choice) => choice.value === value)?.label ?? NOT_RECORDED;
const shadeText = (value: string) =>
  (SHADE_LEVELS as readonly string[]).includes(value)
    ? BENCH_SHADE_LABELS[value as (typeof SHADE_LEVELS)[number]]
    : NOT_RECORDED;

type BenchData = Awaited<ReturnType<typeof loadBenchArea>>;
type Bench = NonNullable<BenchData["bench"]>;

/** What the bench's public page says of it, in a form of its own; "Not recorded" until someone has looked. */
export function BenchFactsForm({
  bench,
  action,
  lastResult,
}: {
  bench: Bench;
  action: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, summary] = useSchemaForm(anchors.benchFacts, benchFactsFormSchema, lastResult, {
    backrest: yesNoValue(bench.backrest),
    armrests: yesNoValue(bench.armrests),
    shade: bench.shade ?? "",
    seatHeightCm: bench.seatHeightCm === null ? "" : String(bench.seatHeightCm),
    wheelchairSpace: yesNoValue(bench.wheelchairSpace),
  });
  const typed = typedOverStale(lastResult, bench.version);
  const seatHeight = (value: string) => (value ? `${value} cm` : NOT_RECORDED);
  return (
    <AreaForm
      form={form}
      summary={summary}
      action={action}
      heading="Facts shown on the bench's page"
      level={3}
      className="card scroll-mt-4 p-4"
    >
      <input type="hidden" name="benchId" value={bench.id} />
      <input type="hidden" name="version" value={bench.version} />
      {typed ? (
        <BothVersions
          id={`${anchors.benchFacts}-versions`}
          rows={[
            {
              label: "Backrest",
              yours: yesNoText(typedText(typed, "backrest")),
              saved: yesNoText(yesNoValue(bench.backrest)),
            },
            {
              label: "Armrests",
              yours: yesNoText(typedText(typed, "armrests")),
              saved: yesNoText(yesNoValue(bench.armrests)),
            },
            { label: "Shade", yours: shadeText(typedText(typed, "shade")), saved: shadeText(bench.shade ?? "") },
            {
              label: "Seat height",
              yours: seatHeight(typedText(typed, "seatHeightCm")),
              saved: seatHeight(bench.seatHeightCm === null ? "" : String(bench.seatHeightCm)),
            },
            {
              label: "Room for a wheelchair",
              yours: yesNoText(typedText(typed, "wheelchairSpace")),
              saved: yesNoText(yesNoValue(bench.wheelchairSpace)),
            },
          ]}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FactSelectField field={fields.backrest} label="Backrest" />
        <FactSelectField field={fields.armrests} label="Armrests" />
        <FactSelectField
          field={fields.shade}
          label="Shade"
          options={SHADE_LEVELS.map((level) => ({ value: level, label: BENCH_SHADE_LABELS[level] }))}
        />
        <TextField
          field={fields.seatHeightCm}
          label="Seat height in centimetres"
          inputProps={{ inputMode: "numeric", placeholder: "e.g. 45" }}
        />
        <FactSelectField field={fields.wheelchairSpace} label="Room for a wheelchair beside it" />
      </div>
      <SubmitWithMessage intent="save-bench-facts" label="Save facts" anchor={anchors.benchFacts} />
    </AreaForm>
  );
}
