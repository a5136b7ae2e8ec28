import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

// The fields of a Conform form: a labelled input, text area or select with its messages under it.

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="min-h-0">
      {errors?.map((error) => (
        <p key={error} className="field-error">
          {error}
        </p>
      ))}
    </div>
  );
}

// Preprocessed schema fields (numbers typed as text) have an unknown input type; any of them can back an input.
export type Field = FieldMetadata<unknown>;

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  inputProps = {},
}: {
  field: Field;
  label: string;
  type?: "text" | "email" | "number" | "date" | "datetime-local";
  autoComplete?: string;
  hint?: ReactNode;
  inputProps?: {
    min?: number | string;
    max?: number | string;
    step?: number | string;
    placeholder?: string;
    inputMode?: "numeric" | "decimal";
  };
}) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {hint}
      <input key={key} {...props} {...inputProps} autoComplete={autoComplete} className="field-input" />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 5 }: { field: Field; label: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <textarea key={key} {...props} rows={rows} className="field-input" />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  placeholder,
  options,
  optional = false,
}: {
  field: Field;
  label: string;
  /** The first line: a prompt to choose, or with `optional` the choice of none. */
  placeholder: string;
  options: readonly (string | { value: string; label: string })[];
  optional?: boolean;
}) {
  const { key, defaultValue, ...props } = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <select key={key} {...props} defaultValue={(defaultValue as string | undefined) ?? ""} className="field-input">
        <option value="" disabled={!optional}>
          {placeholder}
        </option>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
