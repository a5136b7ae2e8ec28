import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { fieldNamesOf } from "~/lib/schema-fields";
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

export function FormAlert({
  id,
  messages,
  tone = "error",
}: {
  id?: string;
  messages?: string[] | null;
  tone?: "error" | "success";
}) {
  if (!messages || messages.length === 0) return null;
  const style =
    tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
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
  const pending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * What a form's error summary lists: the messages about the whole form, then one entry per field with
 * its messages, in the order of the form.
 */
export type ErrorSummaryData = {
  /**
   * The summary's id, Conform's `errorId` of the form (which the form's aria-describedby names when the
   * whole form is refused): the fragment a form's action carries to land on it without JavaScript.
   */
  id: string;
  /** Null while there is nothing to show: no submission was refused, or everything refused is corrected. */
  errors: { form: string[]; fields: { id: string; messages: string[] }[] } | null;
};

/**
 * The action of a form that does not start on a phone's first screen: a refused submission answered with
 * a page (no JavaScript) lands the browser on the form's error summary. The summary is only rendered
 * when there is a refusal; after a success the redirect has its own place, or the page starts at the top.
 */
export function actionToSummary(action: string, summary: ErrorSummaryData) {
  return `${action.split("#")[0]}#${summary.id}`;
}

/** Goes to a field from the summary with JavaScript: its label (or the field) on screen, the field focused. */
function goToField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  const label = document.querySelector(`label[for="${CSS.escape(id)}"]`);
  (label ?? field).scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

/**
 * "There is a problem": every refusal of a form in one place at its top, the GOV.UK design system's
 * error summary. The messages about the whole form stand as text; each field's are a link to the field.
 * It is shown after a refused submission (by the browser's check or the server's answer) until the
 * errors it lists are corrected, and `useSchemaForm` focuses it after each refused submission. Its
 * messages are an alert, so a screen reader also hears a refusal that arrives while focus is elsewhere.
 * Without JavaScript the page focuses it by itself (autofocus), as the script would.
 */
export function ErrorSummary({
  summary,
  level = 2,
  className = "",
}: {
  summary: ErrorSummaryData;
  level?: 2 | 3 | 4 | 5;
  className?: string;
}) {
  const { errors } = summary;
  if (!errors) return null;
  const Heading = `h${level}` as const;
  const headingId = `${summary.id}-heading`;
  return (
    <div
      id={summary.id}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      // Rendered only after a refusal, which is where the person must go next; a fragment in the address
      // takes precedence over it, and names the same summary.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      className={`scroll-mt-4 rounded-md border-4 border-red-700 bg-white px-4 py-3 text-left [overflow-wrap:anywhere] focus:outline-3 focus:outline-offset-2 focus:outline-gold-500 ${className}`}
    >
      <Heading id={headingId} className="text-lg font-bold text-stone-900">
        There is a problem
      </Heading>
      <div role="alert" className="mt-1">
        {errors.form.map((message) => (
          <p key={message} className="py-1 font-medium text-red-900">
            {message}
          </p>
        ))}
        {errors.fields.length > 0 ? (
          <ul>
            {errors.fields.map((field) => (
              <li key={field.id}>
                <a
                  href={`#${field.id}`}
                  onClick={(event) => goToField(event, field.id)}
                  className="inline-flex min-h-11 items-center py-1 font-semibold text-red-800 underline underline-offset-2 hover:text-red-950"
                >
                  {field.messages.join(" ")}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** The summary's entries from Conform's errors: fields in the schema's order (the form's), then any others. */
function summaryErrors(
  formId: string,
  allErrors: Record<string, string[] | undefined>,
  order: string[],
): ErrorSummaryData["errors"] {
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const form = allErrors[""] ?? [];
  const fields = Object.entries(allErrors)
    .filter((entry): entry is [string, string[]] => entry[0] !== "" && Boolean(entry[1]?.length))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, messages]) => ({ id: `${formId}-${name}`, messages }));
  return form.length > 0 || fields.length > 0 ? { form, fields } : null;
}

/** The field Conform adds to a submission that only checks or resets (a refused field being corrected): not an attempt to send. */
const CONFORM_INTENT = "__intent__";

/**
 * Conform form state validated by a shared zod schema: on the client when the form is sent (then, for
 * the fields it checked, on every input), always on the server, whose answer (`lastResult`) wins.
 *
 * It also keeps the form's error summary (render it with `ErrorSummary` at the top of the form): shown
 * after a refused submission, whether the browser's check or the server refused it, until what it lists
 * is corrected. After every refused submission focus moves to the summary, the same on every form
 * (Conform first focuses the first invalid field; the summary takes focus after it), so a keyboard or
 * screen reader user hears "There is a problem" and the list, and each entry leads to its field.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]>,
  defaultValue?: Record<string, unknown>,
) {
  // `refused`: the last submission was refused; `count` moves with every refusal, each of which takes focus.
  const refusedByServer = lastResult?.status === "error";
  const [attempt, setAttempt] = useState(() => ({ refused: refusedByServer, count: refusedByServer ? 1 : 0 }));
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<z.input<Schema> & Record<string, unknown>>,
    constraint: getZodConstraint(schema),
    // Checked when sent, not when a field is left: a message appearing as focus leaves a field moved the
    // button under the pointer, so the press that left the field was lost and nothing seemed to happen.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema });
      if (!formData.has(CONFORM_INTENT)) {
        // A real attempt to send: refused here, or passed on to the server (whose answer decides).
        const refused = submission.status === "error";
        setAttempt((last) => ({ refused, count: refused ? last.count + 1 : last.count }));
      }
      return submission;
    },
  });
  // A new answer from the server (state adjusted while rendering, React's way to follow a changed prop).
  const [answered, setAnswered] = useState(lastResult);
  if (lastResult !== answered) {
    setAnswered(lastResult);
    if (refusedByServer) setAttempt((last) => ({ refused: true, count: last.count + 1 }));
  }

  const order = useMemo(() => [...fieldNamesOf(schema)], [schema]);
  const errors = summaryErrors(form.id, form.allErrors, order);
  // Once everything refused is corrected the summary goes, and a later error shows only at its field
  // until the next submission.
  const corrected = errors === null;
  const [wasCorrected, setWasCorrected] = useState(corrected);
  if (corrected !== wasCorrected) {
    setWasCorrected(corrected);
    if (corrected) setAttempt((last) => (last.refused ? { ...last, refused: false } : last));
  }

  const summary: ErrorSummaryData = { id: form.errorId, errors: attempt.refused ? errors : null };
  const focusedFor = useRef(0);
  const shown = summary.errors !== null;
  useEffect(() => {
    if (!shown || attempt.count === focusedFor.current) return;
    focusedFor.current = attempt.count;
    document.getElementById(form.errorId)?.focus();
  }, [shown, attempt.count, form.errorId]);

  return [form, fields, summary] as const;
}
