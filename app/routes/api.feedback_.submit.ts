import { createFeedback, toFeedbackJson } from "~/models/feedback.server";
import { feedbackSchema } from "~/schemas/user-forms";
import { apiJson } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { requireApiQuota, requireApiUser } from "~/http/api-auth.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const input = await readBody(request, feedbackSchema);
    await requireApiQuota(request, "feedback", user.id);
    // Stored under the caller's own account whatever username and email the body names.
    return apiJson(toFeedbackJson(await createFeedback(user, input.feedback)), { status: 201 });
  },
});
