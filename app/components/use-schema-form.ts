import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef, useState } from "react";
import type * as z from "zod";
import type { ErrorSummaryData } from "~/components/error-summary";
import { fieldNamesOf } from "~/lib/schema-fields";

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
