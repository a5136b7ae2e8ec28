import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/http/form-submission.server";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { SubmitButton } from "~/components/form-status";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { HoneypotField } from "~/components/honeypot-field";
import { requestPasswordReset, resetRequestRefusal } from "~/http/password-reset.server";
import { resetRequestSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { HONEYPOT_MESSAGE, isHoneypotFilled } from "~/http/honeypot.server";
import { redirectWithToast } from "~/http/toast.server";
import { passRetryAfter } from "~/http/rate-limit.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Send Reset Link") }];

// A refused request's Retry-After reaches the page it renders: the wait its message names.
export const headers = passRetryAfter;

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseSubmission(formData, { schema: resetRequestSchema });
  const fail = (status: number, formErrors?: string[], headers?: HeadersInit) =>
    data({ result: submission.reply({ formErrors }) as SubmissionResult<string[]> }, { status, headers });
  if (isHoneypotFilled(formData)) return fail(400, [HONEYPOT_MESSAGE]);
  if (submission.status !== "success") return fail(400);
  const answer = await requestPasswordReset(request, submission.value.email);
  if (!answer.ok) {
    const refusal = resetRequestRefusal(answer);
    return fail(refusal.status, [refusal.message], refusal.headers);
  }
  return redirectWithToast("/send-reset-link", { type: "success", message: userMessages.resetLinkSent });
}

/** The standalone reset request page, the same as the reset mode of /authorization. */
export default function SendResetLink() {
  const actionData = useActionData<typeof action>();
  const [form, fields, summary] = useSchemaForm("send-reset-link-form", resetRequestSchema, actionData?.result);
  return (
    <div className="page max-w-lg">
      <div className="card p-6 sm:p-8">
        <h1 className="page-title mb-6">Reset Password</h1>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <HoneypotField />
          <ErrorSummary summary={summary} />
          <p className="text-stone-700">Enter your email to reset password</p>
          <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
          <SubmitButton label="Send Reset Link" pendingLabel="Sending…" className="btn-primary w-full" />
        </Form>
        <p className="mt-6 border-t border-stone-200 pt-4 text-sm">
          <Link to="/authorization?formType=signin" className="btn-link inline-flex min-h-11 items-center">
            Back to Sign In
          </Link>
        </p>
      </div>
    </div>
  );
}
