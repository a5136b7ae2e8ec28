import type { MouseEvent } from "react";

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
