import { listFeedback, toFeedbackJson } from "~/models/feedback.server";
import { adminPageRoute } from "~/http/api-admin.server";
import { feedbackPageQuerySchema } from "~/schemas/page";

export const { loader, action } = adminPageRoute("/api/feedback", feedbackPageQuerySchema, async (page) => {
  const { feedback, next } = await listFeedback(page);
  return { rows: feedback.map(toFeedbackJson), next };
});
