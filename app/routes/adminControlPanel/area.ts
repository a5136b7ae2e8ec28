import type { SubmissionResult } from "@conform-to/react";
import { reportAnchors } from "~/lib/navigation";

// What every admin area shares between its action and its page.

/** An area action's answer to a refused submission: the intent that was sent and the reply its form shows. */
export type AreaReply = { intent: string; result: SubmissionResult<string[]> };

/** The reply meant for the form that sends one of `intents`, if the last submission came from it. */
export function replyTo(reply: AreaReply | undefined, ...intents: string[]): SubmissionResult<string[]> | undefined {
  return reply && intents.includes(reply.intent) ? reply.result : undefined;
}

/** The reply meant for the row whose `field` (a hidden id) is `value`, if the last submission came from it. */
export function replyAbout(reply: AreaReply | undefined, field: string, value: string, ...intents: string[]) {
  const result = replyTo(reply, ...intents);
  return result?.initialValue?.[field] === value ? result : undefined;
}

/**
 * The reply to a submission about a row the page no longer shows (deleted meanwhile, or hidden by the
 * search): it has no row to stand in, so the list's own message place shows it.
 */
export function replyAboutNone(
  reply: AreaReply | undefined,
  field: string,
  shown: readonly string[],
  ...intents: string[]
) {
  const result = replyTo(reply, ...intents);
  const value = result?.initialValue?.[field];
  return result && !(typeof value === "string" && shown.includes(value)) ? result : undefined;
}

/** The messages of a refusal that concern the whole form (those of a form with hidden fields only). */
export function formErrorsOf(result: SubmissionResult<string[]> | undefined): string[] | null {
  return result?.error?.[""] ?? null;
}

/** The props each area's page gets: its loader's data and, after a refused submission, the reply. */
export type AreaProps<Data> = { data: Data; reply?: AreaReply };

/**
 * The ids of the elements a submission's result stands beside: the actions name them in their flash
 * messages (and redirects), the pages give them to the rows, forms and lists.
 */
export const anchors = {
  userRow: (id: string) => `user-${id}`,
  userList: "user-results",
  feedbackRow: (id: string) => `feedback-${id}`,
  feedbackList: "feedback-results",
  reportRow: reportAnchors.card,
  reportList: reportAnchors.list,
  videoCard: (id: string) => `admin-video-${id}`,
  videoList: "video-results",
  addVideo: "add-video",
  editVideo: "edit-video",
  benchForm: "edit-bench",
  benchChooser: "bench-chooser",
  benchVideos: "bench-videos",
  addBenchVideo: "add-bench-video",
  trailFacts: "trail-facts",
  trailDetails: "trail-details",
  trailPoints: "trail-coordinates",
  benchFacts: "bench-facts",
} as const;
