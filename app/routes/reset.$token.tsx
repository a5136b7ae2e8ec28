import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/http/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { FormAlert, SubmitButton } from "~/components/form-status";
import { PasswordField } from "~/components/password-field";
import { useSchemaForm } from "~/components/use-schema-form";
import { isResetTokenUsable, resetPasswordWithToken } from "~/models/password-reset.server";
import { resetPasswordSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { redirectWithToast } from "~/http/toast.server";
import { tokenPageMeta } from "~/lib/token-page";

export const meta: MetaFunction = ({ matches }) => tokenPageMeta("Reset Password", matches);

export async function loader({ params }: LoaderFunctionArgs) {
  return { usable: await isResetTokenUsable(params.token ?? "") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields }) as SubmissionResult<string[]>, invalidToken: false },
      { status: 400 },
    );
  }
  const reset = await resetPasswordWithToken(params.token ?? "", submission.value.newPassword);
  if (!reset.ok) {
    return data(
      {
        result: submission.reply({ formErrors: [userMessages.resetLinkInvalid], hideFields }) as SubmissionResult<
          string[]
        >,
        invalidToken: true,
      },
      { status: 410 },
    );
  }
  return redirectWithToast("/authorization?formType=signin", {
    type: "success",
    message: userMessages.passwordResetDone,
  });
}

export default function ResetPassword() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields, summary] = useSchemaForm("new-password-form", resetPasswordSchema, actionData?.result);
  const invalid = !usable || actionData?.invalidToken;
  return (
    <div className="page max-w-lg">
      <div className="card p-6 sm:p-8">
        <h1 className="page-title mb-6">Reset Password</h1>
        {invalid ? (
          <div className="space-y-4">
            <FormAlert messages={[userMessages.resetLinkInvalid]} />
            <p className="text-stone-700">Reset links work once, for one hour. You can ask for a new one.</p>
            <Link to="/authorization?formType=reset" className="btn-primary">
              Request a new reset link
            </Link>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <ErrorSummary summary={summary} />
            <p className="text-stone-700">Choose a new password for your account.</p>
            <PasswordField
              field={fields.newPassword}
              label="New Password"
              autoComplete="new-password"
              clearOn={actionData?.result}
            />
            <PasswordField
              field={fields.confirmPassword}
              label="Repeat Password"
              autoComplete="new-password"
              clearOn={actionData?.result}
            />
            <SubmitButton label="Reset Password" pendingLabel="Saving…" className="btn-primary w-full" />
          </Form>
        )}
      </div>
    </div>
  );
}
