import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl } from "~/lib/navigation";
import {
  countMatchingFeedback,
  deleteFeedback,
  feedbackRefusals,
  getFeedback,
  listFeedback,
  setFeedbackResolved,
} from "~/models/feedback.server";
import { feedbackIntentSchema, feedbackMessages } from "~/schemas/feedback";
import { isId } from "~/schemas/id";
import { anchors } from "./area";
import { confirmationIn, invalid, listPages, refused, searchedListPlace } from "./area.server";

/**
 * A page of the feedback matching ?q= (after ?cursor=, ?limit= of them, newest first) and, for
 * ?confirm=delete&id=, the message to confirm the deletion of.
 */
export async function loadFeedbackArea(url: URL) {
  const { q, searchError, place, take } = searchedListPlace(url);
  const id = url.searchParams.get("id");
  const [page, count, confirming] = await Promise.all([
    searchError ? { feedback: [], next: null } : listFeedback({ q, cursor: place.cursor, take }),
    searchError ? 0 : countMatchingFeedback(q),
    confirmationIn(url, ["delete"]) && isId(id) ? getFeedback(id) : null,
  ]);
  return {
    q,
    searchError,
    place,
    pages: listPages("feedback", place, page.next, count, anchors.feedbackList),
    feedback: page.feedback.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      feedback: row.feedback,
      isResolved: row.isResolved,
      createdAt: row.createdAt.toISOString(),
    })),
    confirm: confirming ? { id: confirming.id, username: confirming.username, feedback: confirming.feedback } : null,
  };
}

export async function feedbackAction(request: Request, formData: FormData) {
  // Back to the same page of the same search.
  const back = adminAreaUrl("feedback", searchedListPlace(new URL(request.url)).place);
  const submission = parseSubmission(formData, { schema: feedbackIntentSchema });
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;

  if (input.intent === "setStatus") {
    const isResolved = input.isResolved === "true";
    if (!(await setFeedbackResolved(input.id, isResolved)))
      return refused(input.intent, submission, feedbackRefusals["not-found"]);
    const message = isResolved ? feedbackMessages.resolved : feedbackMessages.pending;
    return redirectWithToast(back, { type: "success", message, anchor: anchors.feedbackRow(input.id) });
  }

  // Read first, so the message can say whose feedback went: its row is gone by the time it shows.
  const target = await getFeedback(input.id);
  if (!target || !(await deleteFeedback(input.id)))
    return refused(input.intent, submission, feedbackRefusals["not-found"]);
  const message = feedbackMessages.deletedFrom(target.username);
  return redirectWithToast(back, { type: "success", message, anchor: anchors.feedbackList });
}
