import { getInputProps, getSelectProps, getTextareaProps, useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import type * as z from "zod";
import { PASSWORD_MIN_LENGTH, userMessages } from "~/schemas/user";

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
type Field = FieldMetadata<unknown>;

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
  type?: "text" | "email" | "number" | "date";
  autoComplete?: string;
  hint?: ReactNode;
  inputProps?: { min?: number | string; max?: number | string; step?: number | string; placeholder?: string; inputMode?: "numeric" | "decimal" };
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

/**
 * A password input with a Show/Hide toggle. The toggle needs JavaScript, so it appears only after
 * hydration; without it the field is an ordinary, fully usable password input.
 */
export function PasswordField({
  field,
  label,
  autoComplete,
  lengthAlert = false,
  clearOn,
  description,
}: {
  field: Field;
  label: string;
  autoComplete: "current-password" | "new-password";
  /** A line under the label saying when the field is needed; read out with the field. */
  description?: string;
  /** Shows 'Password must be at least 4 characters long.' above the field while too short (SPEC §5). */
  lengthAlert?: boolean;
  /** A server answer (Conform's lastResult): when a new one arrives, the typed password is cleared. */
  clearOn?: unknown;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => {
    if (!clearOn || !inputRef.current) return;
    inputRef.current.value = "";
    setTyped(null);
  }, [clearOn]);
  const refusedAsShort = field.errors?.includes(userMessages.passwordRequirementsNotMet) ?? false;
  const tooShort = typed === null ? refusedAsShort : typed.length > 0 && typed.length < PASSWORD_MIN_LENGTH;
  const { key, ...props } = getInputProps(field, { type: "password" });
  const descriptionId = `${field.id}-description`;
  const describedBy = [description ? descriptionId : null, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="mb-1 text-sm text-stone-700">
          {description}
        </p>
      ) : null}
      {lengthAlert ? (
        <div aria-live="polite">
          {tooShort ? (
            <p className="mb-2 rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {userMessages.passwordTooShort}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex gap-2">
        <input
          key={key}
          {...props}
          aria-describedby={describedBy}
          ref={inputRef}
          // Passwords are never sent back to the browser, not even after a failed submission.
          defaultValue=""
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          onChange={lengthAlert ? (event) => setTyped(event.currentTarget.value) : undefined}
          className="field-input"
        />
        {hydrated ? (
          <button
            type="button"
            className="btn-secondary min-w-20"
            aria-controls={field.id}
            aria-label={`${visible ? "Hide" : "Show"} ${label.toLowerCase()}`}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FormAlert({ id, messages, tone = "error" }: { id?: string; messages?: string[] | null; tone?: "error" | "success" }) {
  if (!messages || messages.length === 0) return null;
  const style = tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  // The id is the one the form's aria-describedby names, so screen readers read the message with the form.
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={`rounded-md border-l-4 px-4 py-3 ${style}`}>
      {messages.map((message) => (
        <p key={message} className="font-medium">
          {message}
        </p>
      ))}
    </div>
  );
}

/** A submit button that says what it is doing while its own intent is being submitted. */
export function SubmitButton({
  intent,
  label,
  pendingLabel,
  className = "btn-primary",
}: {
  intent?: string;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * Conform form state validated by a shared zod schema: on the client after a field is left (then on
 * every input), always on the server, whose answer (`lastResult`) wins.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]>,
  defaultValue?: Record<string, unknown>,
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<z.input<Schema> & Record<string, unknown>>,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
