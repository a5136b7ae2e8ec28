import { listFeedback, toFeedbackJson } from "~/models/feedback.server";
import { apiPage } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readQuery } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { feedbackPageQuerySchema } from "~/schemas/page";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const { cursor, limit } = readQuery(request, feedbackPageQuerySchema);
    const page = await listFeedback({ cursor, take: limit });
    return apiPage(page.feedback.map(toFeedbackJson), { path: "/api/feedback", next: page.next, limit });
  },
});
