import type { SubmissionResult } from "@conform-to/react";

// What every admin area shares between its action and its page.

/** An area action's answer to a refused submission: the intent that was sent and the reply its form shows. */
export type AreaReply = { intent: string; result: SubmissionResult<string[]> };

/** The reply meant for the form that sends one of `intents`, if the last submission came from it. */
export function replyTo(reply: AreaReply | undefined, ...intents: string[]): SubmissionResult<string[]> | undefined {
  return reply && intents.includes(reply.intent) ? reply.result : undefined;
}

/** The messages of a refusal that concern the whole form (those of a form with hidden fields only). */
export function formErrorsOf(result: SubmissionResult<string[]> | undefined): string[] | null {
  return result?.error?.[""] ?? null;
}

/** The props each area's page gets: its loader's data and, after a refused submission, the reply. */
export type AreaProps<Data> = { data: Data; reply?: AreaReply };
