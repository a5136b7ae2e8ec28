import { getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { FieldErrors, type Field } from "~/components/form-fields";
import { useHydrated } from "~/lib/use-hydrated";
import { PASSWORD_MIN_LENGTH, userMessages } from "~/schemas/user";

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
  /** Shows 'Password must be at least 4 characters long.' above the field while too short. */
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
  const describedBy =
    [description ? descriptionId : null, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
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

/** A new password and its repeat, as signing up and the profile ask for them. */
export function NewPasswordFields({
  fields,
  label,
  clearOn,
}: {
  fields: { password: Field; confirmPassword: Field };
  label: string;
  clearOn?: unknown;
}) {
  return (
    <>
      <PasswordField field={fields.password} label={label} autoComplete="new-password" lengthAlert clearOn={clearOn} />
      <PasswordField
        field={fields.confirmPassword}
        label="Repeat Password"
        autoComplete="new-password"
        clearOn={clearOn}
      />
    </>
  );
}
