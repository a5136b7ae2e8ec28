import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/form-fields";
import { TRAIL_PALETTE, trailColorLabel, trailStrokeColor } from "~/lib/trail-colors";

/**
 * A trail's colour as radio buttons with a sample of each line: the palette (decision 078), and a sample
 * trail's own colour first when the trail has one, so it can be kept.
 */
export function TrailColorField({ field, keep }: { field: FieldMetadata<unknown>; keep?: string }) {
  const own = keep && !TRAIL_PALETTE.some((color) => color.key === keep) ? [keep] : [];
  const choices = [...own.map((key) => ({ key, label: `${trailColorLabel(key)} (its own)` })), ...TRAIL_PALETTE];
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="field-label">Colour</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map(({ key, label }) => {
          const { key: reactKey, ...props } = getInputProps(field, { type: "radio", value: key });
          return (
            <label key={key} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
              <input key={reactKey} {...props} id={`${field.id}-${key}`} className="h-6 w-6" />
              <span
                aria-hidden="true"
                className="inline-block h-2 w-8 rounded-full ring-1 ring-stone-900"
                style={{ background: trailStrokeColor(key) }}
              />
              {label}
            </label>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
