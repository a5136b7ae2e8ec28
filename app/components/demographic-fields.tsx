import type { FieldMetadata } from "@conform-to/react";
import { SelectField, TextField } from "~/components/form-fields";
import { COMMUNITY_OPTIONS, ETHNICITIES, GENDERS } from "~/schemas/user";

type Field = FieldMetadata<string | number | undefined>;

/** The optional profile details (gender, age, ethnicity, community), shared by sign-up and the profile update form. */
export function DemographicFields({
  fields,
}: {
  fields: { gender: Field; age: Field; ethnicity: Field; community: Field };
}) {
  return (
    <>
      <SelectField field={fields.gender} label="Gender" placeholder="Select Gender" options={GENDERS} />
      <TextField field={fields.age} label="Age" type="number" inputProps={{ min: 0, max: 150 }} />
      <SelectField field={fields.ethnicity} label="Ethnicity" placeholder="Select Ethnicity" options={ETHNICITIES} />
      <SelectField
        field={fields.community}
        label="Part of the college community?"
        placeholder="Select Yes or No"
        options={COMMUNITY_OPTIONS}
      />
    </>
  );
}
