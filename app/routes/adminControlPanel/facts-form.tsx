import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import type * as z from "zod";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { NOT_RECORDED } from "~/lib/facts";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import { FactSelectField } from "./fact-fields";

// What the trail's and the bench's facts forms share: each form is a table of its facts, from which both
// its fields and its rows of both versions are drawn.

type Choice = { readonly value: string; readonly label: string };

/**
 * One fact of a facts form: a choice when it has `options` (shown by its choice's label), else a text field
 * (shown with its `unit`, or as `blank` when empty). `short` names it beside both versions, if not `label`.
 */
export type Fact<Name extends string> = {
  name: Name;
  label: string;
  short?: string;
  options?: readonly Choice[];
  inputProps?: { placeholder: string; inputMode?: "numeric" | "decimal" };
  unit?: string;
  blank?: string;
};

/** The choices of a fact chosen from `values`, each by its label. */
export function choicesOf<Value extends string>(values: readonly Value[], labels: Record<Value, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The saved facts as their fields hold them: blank for "not recorded", "yes" or "no" for a yes-or-no fact. */
function factValues<Name extends string>(
  facts: readonly Fact<Name>[],
  saved: Record<Name, string | number | boolean | null>,
) {
  const text = (value: string | number | boolean | null) =>
    value === null ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  return Object.fromEntries(facts.map((fact) => [fact.name, text(saved[fact.name])])) as Record<Name, string>;
}

function shown<Name extends string>(fact: Fact<Name>, value: string) {
  if (fact.options) return fact.options.find((choice) => choice.value === value)?.label ?? NOT_RECORDED;
  return value ? `${value}${fact.unit ?? ""}` : (fact.blank ?? "");
}

/**
 * A facts form's state: its Conform form and error summary, and its body (the fields and, after a stale
 * save, both versions in the words of the public page). `saved` is the trail or bench as the page shows it.
 */
export function useFactsForm<
  Name extends string,
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  id: string,
  schema: Schema,
  facts: readonly Fact<Name>[],
  saved: Record<Name, string | number | boolean | null> & { version: number },
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const values = factValues(facts, saved);
  const [form, fields, summary] = useSchemaForm(id, schema, lastResult, values);
  const typed = typedOverStale(lastResult, saved.version);
  const body = <FactsFormBody id={id} facts={facts} fields={fields} values={values} typed={typed} />;
  return [form, summary, body] as const;
}

function FactsFormBody<Name extends string>({
  id,
  facts,
  fields,
  values,
  typed,
}: {
  id: string;
  facts: readonly Fact<Name>[];
  fields: Record<Name, FieldMetadata<unknown>>;
  values: Record<Name, string>;
  typed: Record<string, unknown> | null;
}) {
  return (
    <>
      {typed ? (
        <BothVersions
          id={`${id}-versions`}
          rows={facts.map((fact) => ({
            label: fact.short ?? fact.label,
            yours: shown(fact, typedText(typed, fact.name)),
            saved: shown(fact, values[fact.name]),
          }))}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {facts.map((fact) =>
          fact.options ? (
            <FactSelectField key={fact.name} field={fields[fact.name]} label={fact.label} options={fact.options} />
          ) : (
            <TextField key={fact.name} field={fields[fact.name]} label={fact.label} inputProps={fact.inputProps} />
          ),
        )}
      </div>
    </>
  );
}
