import { data } from "@remix-run/node";
import * as z from "zod";
import { adminAreaUrl } from "~/lib/navigation";
import { deleteFeedback, getFeedback, listFeedback, setFeedbackResolved } from "~/models/feedback.server";
import { feedbackMessages } from "~/schemas/feedback";
import { parseSearchQuery } from "~/schemas/text";
import type { SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";

const idSchema = z.string().regex(/^[a-f0-9]{24}$/);

const feedbackIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("setStatus"), id: idSchema, isResolved: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: idSchema }),
]);

/** Feedback matching ?q= and, for ?confirm=delete&id=, the message to confirm the deletion of. */
export async function loadFeedbackArea(url: URL, _admin: SessionUser) {
  const { q, error: searchError } = parseSearchQuery(url.searchParams.get("q"));
  const rows = searchError ? [] : await listFeedback({ q });
  const id = url.searchParams.get("id") ?? "";
  let confirm: { kind: "delete"; feedback: { id: string; username: string; feedback: string } } | null = null;
  if (url.searchParams.get("confirm") === "delete" && idSchema.safeParse(id).success) {
    const row = await getFeedback(id);
    if (row) confirm = { kind: "delete", feedback: { id: row.id, username: row.username, feedback: row.feedback } };
  }
  return {
    area: "feedback" as const,
    q,
    searchError,
    feedback: rows.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      feedback: row.feedback,
      isResolved: row.isResolved,
      createdAt: row.createdAt.toISOString(),
    })),
    confirm,
  };
}

export type FeedbackActionData = { area: "feedback"; error: string };

export async function feedbackAction(request: Request, formData: FormData, _admin: SessionUser) {
  const { q } = parseSearchQuery(new URL(request.url).searchParams.get("q"));
  const back = adminAreaUrl("feedback", { q });
  const fail = (status: number, error: string) => data<FeedbackActionData>({ area: "feedback", error }, { status });
  const parsed = feedbackIntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return fail(400, "The request was not understood. Please try again.");
  const input = parsed.data;

  if (input.intent === "setStatus") {
    const isResolved = input.isResolved === "true";
    const updated = await setFeedbackResolved(input.id, isResolved);
    if (!updated) return fail(404, feedbackMessages.notFound);
    return redirectWithToast(back, { type: "success", message: isResolved ? feedbackMessages.resolved : feedbackMessages.pending });
  }

  if (!(await deleteFeedback(input.id))) return fail(404, feedbackMessages.notFound);
  return redirectWithToast(back, { type: "success", message: feedbackMessages.deleted });
}
