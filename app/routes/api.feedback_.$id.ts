import { deleteFeedback, feedbackRefusals, setFeedbackResolved, toFeedbackJson } from "~/models/feedback.server";
import { feedbackMessages, feedbackStatusSchema } from "~/schemas/feedback";
import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";

export const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Feedback");
    if (!(await deleteFeedback(id))) throw ApiError.refused(feedbackRefusals["not-found"]);
    return { message: feedbackMessages.deleted, _id: id };
  },
  // Beyond the old client's calls: mark resolved or pending again.
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Feedback");
    const { isResolved } = await readBody(request, feedbackStatusSchema);
    const updated = await setFeedbackResolved(id, isResolved);
    if (!updated) throw ApiError.refused(feedbackRefusals["not-found"]);
    return toFeedbackJson(updated);
  },
});
