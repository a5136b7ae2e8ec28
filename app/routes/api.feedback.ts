import { API_LIST_LIMIT } from "~/http/api-accounts.server";
import { listFeedback, toFeedbackJson } from "~/models/feedback.server";
import { apiRoute, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return (await listFeedback({ take: API_LIST_LIMIT })).map(toFeedbackJson);
  },
});
