import { createFeedback, toFeedbackJson } from "~/models/feedback.server";
import { feedbackSchema } from "~/schemas/user";
import { apiJson, apiRoute, readBody, requireApiQuota, requireApiUser } from "~/http/api.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const input = await readBody(request, feedbackSchema);
    await requireApiQuota(request, "feedback", user.id);
    // Stored under the caller's own account whatever username and email the body names.
    return apiJson(toFeedbackJson(await createFeedback(user, input.feedback)), { status: 201 });
  },
});
