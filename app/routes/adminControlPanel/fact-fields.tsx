import type { FieldMetadata } from "@conform-to/react";
import { SelectField } from "~/components/form-fields";
import { NOT_RECORDED } from "~/lib/facts";

/** A yes-or-no fact's choices, after "Not recorded". */
export const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

/**
 * A fact chosen from a list, in the trail's and the bench's facts forms alike. Its first choice is "Not
 * recorded", which sends a blank: nobody has looked yet, never "No" (decision 031). Without `options`, the
 * choices are yes and no.
 */
export function FactSelectField({
  field,
  label,
  options = YES_NO,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options?: readonly { value: string; label: string }[];
}) {
  return <SelectField field={field} label={label} placeholder={NOT_RECORDED} optional options={options} />;
}
