import { rateLimited } from "~/http/api-accounts.server";
import { createFeedback, toFeedbackJson } from "~/models/feedback.server";
import { feedbackSchema } from "~/schemas/user";
import { apiJson, apiRoute, readBody, requireApiUser } from "~/http/api.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const input = await readBody(request, feedbackSchema);
    const limited = await rateLimited(request, "feedback", user.id);
    if (limited) return limited;
    // Stored under the caller's own account whatever username and email the body names.
    return apiJson(toFeedbackJson(await createFeedback(user, input.feedback)), { status: 201 });
  },
});
