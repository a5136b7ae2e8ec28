import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { parseSubmission } from "~/http/form-submission.server";
import { checkQuota, retryAfterHeaders } from "~/http/rate-limit.server";
import { redirectWithToast } from "~/http/toast.server";
import { createReport, reportRefusals } from "~/models/report.server";
import type { SessionUser } from "~/models/session.server";
import { reportAnchors } from "~/lib/navigation";
import { reportFormSchema, reportMessages } from "~/schemas/report";

/** What the "Report a problem" form gets back when its report was not taken: the reply it shows. */
type ReportFormReply = { result: SubmissionResult<string[]> };

/**
 * The action behind "Report a problem" on a trail's and a bench's page: the page's own bench or trail,
 * the category and description from the form (the schema the API uses), counted against the account's
 * report quota. Sent: back to the page with a message beside the form. Refused: the form's errors, with
 * what was typed, and the refusal's status (429 with Retry-After past the quota).
 */
export async function sendReportForm(
  request: Request,
  user: SessionUser,
  place: { benchId: string } | { trailId: string },
  page: string,
) {
  const submission = parseSubmission(await request.formData(), { schema: reportFormSchema });
  const reply = (result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
    data<ReportFormReply>({ result }, { status, headers });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const quota = await checkQuota(request, "report", user.id);
  if (!quota.allowed) return reply(submission.reply({ formErrors: [quota.message] }), 429, retryAfterHeaders(quota));
  const { category, description } = submission.value;
  const created = await createReport(user, { ...place, category, description });
  if (!created.ok) {
    await quota.refund();
    // The page's bench or trail went meanwhile: the form has no field for it, so it is said above the form.
    const refusal = reportRefusals[created.reason];
    return reply(submission.reply({ formErrors: [refusal.message] }), refusal.status);
  }
  return redirectWithToast(page, { type: "success", message: reportMessages.sent, anchor: reportAnchors.form });
}
