import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/form-fields";

/**
 * A place's latitude and longitude: two decimal fields, side by side in the form's grid. `labels` and
 * `placeholders` come in that order, latitude first.
 */
export function LatLngFields({
  latitude,
  longitude,
  labels = ["Latitude", "Longitude"],
  placeholders,
}: {
  latitude: FieldMetadata<unknown>;
  longitude: FieldMetadata<unknown>;
  labels?: readonly [string, string];
  placeholders?: readonly [string, string];
}) {
  return [latitude, longitude].map((field, at) => (
    <TextField
      key={field.name}
      field={field}
      label={labels[at]}
      inputProps={{ inputMode: "decimal", placeholder: placeholders?.[at] }}
    />
  ));
}
