import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { fieldNamesOf } from "~/lib/schema-fields";
import type { Refusal } from "~/models/refusal";

// Conform's reply echoes the submitted form back into the page so nothing typed is lost. A hostile
// client chooses that form: its reply must carry only the fields our schema knows, in sizes our forms
// produce, and a malformed Conform intent must be a validation answer, not a crash.

/** No legitimate field of ours is longer (the longest, feedback and descriptions, stop at 5,000). */
export const MAX_ECHOED_CHARACTERS = 5_000;
const MAX_ECHOED_ITEMS = 50;
const CONFORM_FIELDS = new Set(["__intent__", "__state__"]);

function echoable(value: unknown): unknown {
  if (typeof value === "string") return value.length > MAX_ECHOED_CHARACTERS ? undefined : value;
  if (Array.isArray(value))
    return value
      .slice(0, MAX_ECHOED_ITEMS)
      .map(echoable)
      .filter((item) => item !== undefined);
  return undefined;
}

/** What of a reply may go back into the page: known fields only, values no larger than a form sends. */
function sanitizeReply(result: SubmissionResult<string[]>, known: Set<string>): SubmissionResult<string[]> {
  const initialValue = result.initialValue
    ? Object.fromEntries(
        Object.entries(result.initialValue)
          .filter(([name]) => known.has(name))
          .map(([name, value]) => [name, echoable(value)])
          .filter(([, value]) => value !== undefined),
      )
    : result.initialValue;
  const error = result.error
    ? Object.fromEntries(Object.entries(result.error).filter(([name]) => name === "" || known.has(name)))
    : undefined;
  return {
    status: result.status,
    initialValue: initialValue as SubmissionResult<string[]>["initialValue"],
    error,
    fields: result.fields?.filter((name) => known.has(name)),
    // A server reply is the answer to a submission, never a client-side intent (validate, reset…) to replay.
    state: undefined,
  };
}

/**
 * parseWithZod for actions: the same submission, except that a malformed `__intent__` is treated as
 * absent (Conform would throw on it) and `reply()` returns only what `sanitizeReply` lets through.
 */
export function parseSubmission<Schema extends z.ZodType>(
  formData: FormData,
  options: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const known = fieldNamesOf(options.schema);
  let submission: Submission<z.input<Schema>, string[], z.output<Schema>>;
  try {
    submission = parseWithZod(formData, options);
  } catch {
    const plain = new FormData();
    for (const [name, value] of formData) if (!CONFORM_FIELDS.has(name)) plain.append(name, value);
    submission = parseWithZod(plain, options);
  }
  const reply = submission.reply;
  return { ...submission, reply: (replyOptions) => sanitizeReply(reply(replyOptions), known) };
}

/**
 * A model's refusal as the reply to the form it refused: its message at the fields it concerns (which the
 * form's error summary links to), or about the whole form when it concerns none.
 */
export function refusalReply(
  submission: Pick<Submission<unknown, string[], unknown>, "reply">,
  refusal: Refusal,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  const above = refusal.fieldErrors ? undefined : refusal.message;
  return submission.reply({
    formErrors: above ? [above] : undefined,
    fieldErrors: refusal.fieldErrors,
    hideFields: options.hideFields,
  });
}
