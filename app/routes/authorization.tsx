import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DemographicFields } from "~/components/demographic-fields";
import { ErrorSummary } from "~/components/error-summary";
import { NewPasswordFields, PasswordField } from "~/components/password-field";
import { SubmitButton } from "~/components/form-status";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { HoneypotField } from "~/components/honeypot-field";
import { DialogLink, ModalDialog } from "~/components/modal-dialog";
import { PrivacyPolicyText, UserConsentText } from "~/components/privacy-texts";
import { requestPasswordReset, resetRequestRefusal } from "~/http/password-reset.server";
import { conflictRefusal, registerUser } from "~/models/user.server";
import { resetRequestSchema, signInSchema, signUpSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  authenticator,
  InvalidCredentialsError,
  SignInLinkSentError,
  startSessionAndRedirect,
} from "~/http/auth.server";
import { HONEYPOT_MESSAGE, isHoneypotFilled } from "~/http/honeypot.server";
import { log } from "~/utils/logger.server";
import { checkRateLimit, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { rateLimitMessage } from "~/utils/rate-limit-counter.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageTitle } from "~/lib/page-title";

type FormType = "signin" | "signup" | "reset";
const titles: Record<FormType, string> = { signin: "Sign In", signup: "Sign Up", reset: "Reset Password" };
const schemas = { signin: signInSchema, signup: signUpSchema, reset: resetRequestSchema };
const secretFields = ["password", "confirmPassword"];

function formTypeOf(value: string | null): FormType {
  return value === "signup" || value === "reset" ? value : "signin";
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, titles[data?.formType ?? "signin"]) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Only a target that would be honoured is carried into the forms and links.
  return {
    formType: formTypeOf(url.searchParams.get("formType")),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
  };
}

type ActionResult = { intent: FormType; result: SubmissionResult<string[]> };

function reply(intent: FormType, result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) {
  return data<ActionResult>({ intent, result }, { status, headers });
}

// A refused sign-up or reset request's Retry-After reaches the page it renders, the wait its message names.
export const headers = passRetryAfter;

export async function action({ request }: ActionFunctionArgs) {
  // The sign-in strategy reads the body itself, so this route only ever reads a copy.
  const formData = await request.clone().formData();
  const intent = formTypeOf(String(formData.get("intent") ?? ""));
  const submission = parseSubmission(formData, { schema: schemas[intent] });
  const fail = (status: number, formErrors?: string[], fieldErrors?: Record<string, string[]>, headers?: HeadersInit) =>
    reply(intent, submission.reply({ formErrors, fieldErrors, hideFields: secretFields }), status, headers);

  if (isHoneypotFilled(formData)) return fail(400, [HONEYPOT_MESSAGE]);
  if (submission.status !== "success") return fail(400);

  if (intent === "reset") {
    // The same answer for every address (see requestPasswordReset); its own limits apply there.
    const answer = await requestPasswordReset(request, submission.value.email);
    if (answer.ok)
      return redirectWithToast("/authorization?formType=reset", {
        type: "success",
        message: userMessages.resetLinkSent,
      });
    const refusal = resetRequestRefusal(answer);
    const message = answer.reason === "unavailable" ? `${refusal.message} Please try again.` : refusal.message;
    return fail(refusal.status, [message], undefined, refusal.headers);
  }

  if (intent === "signin") {
    try {
      const user = await authenticator.authenticate("user-pass", request);
      return startSessionAndRedirect(request, user, {
        redirectTo: formData.get("redirectTo"),
        message: userMessages.signInSuccess,
      });
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return fail(401, [userMessages.signInFailed]);
      // No session: the owner finishes from the mailed link (decision 040).
      if (error instanceof SignInLinkSentError) {
        const message = error.reason === "link-sent" ? userMessages.signInLinkSent : userMessages.signInLinkOffered;
        return redirectWithToast("/authorization?formType=signin", { type: "info", message });
      }
      throw error;
    }
  }

  const verdict = await checkRateLimit(request, "signUp", submission.value.email);
  if (!verdict.allowed)
    return fail(429, [rateLimitMessage(verdict.retryAfterSeconds)], undefined, retryAfterHeaders(verdict));

  if (intent === "signup") {
    const value = signUpSchema.parse(submission.value);
    try {
      const registered = await registerUser(value);
      if (!registered.ok) {
        const refusal = conflictRefusal(registered.conflicts);
        return reply(intent, refusalReply(submission, refusal, { hideFields: secretFields }), refusal.status);
      }
      return startSessionAndRedirect(request, registered.user, {
        redirectTo: formData.get("redirectTo"),
        message: userMessages.signUpSuccess,
        signedUp: true,
      });
    } catch (error) {
      log("error", "sign-up failed", { error: error instanceof Error ? error.message : String(error) });
      return fail(500, [`${userMessages.signUpFailed} ${userMessages.signUpRetry}`]);
    }
  }

  throw new Error(`unhandled intent ${intent satisfies never}`);
}

export default function Authorization() {
  const { formType, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && actionData.intent === formType ? actionData.result : undefined;
  const withRedirect = (type: FormType) => {
    const params = new URLSearchParams({ formType: type });
    if (redirectTo && type !== "reset") params.set("redirectTo", redirectTo);
    return `/authorization?${params}`;
  };
  return (
    <div className="page max-w-lg">
      <div className="card p-6 sm:p-8">
        <h1 className="page-title mb-6">{titles[formType]}</h1>
        {formType === "signin" ? (
          <SignInForm key="signin" lastResult={lastResult} redirectTo={redirectTo} />
        ) : formType === "signup" ? (
          <SignUpForm key="signup" lastResult={lastResult} redirectTo={redirectTo} />
        ) : (
          <ResetRequestForm key="reset" lastResult={lastResult} />
        )}
        <div className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-4 text-sm">
          {formType === "signin" ? (
            <>
              <Link
                to="/authorization?formType=reset"
                className="btn-link inline-flex min-h-11 items-center self-start"
              >
                Forgot Password?
              </Link>
              <Link to={withRedirect("signup")} className="btn-link inline-flex min-h-11 items-center self-start">
                Don't have an account? Sign Up
              </Link>
            </>
          ) : formType === "signup" ? (
            <Link to={withRedirect("signin")} className="btn-link inline-flex min-h-11 items-center self-start">
              Already have an account? Sign In
            </Link>
          ) : (
            <Link to={withRedirect("signin")} className="btn-link inline-flex min-h-11 items-center self-start">
              Back to Sign In
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

type FormProps = { lastResult?: SubmissionResult<string[]> };

/** What the three forms share: a post of their intent (and where to go after), the honeypot, the summary. */
function AuthForm({
  form,
  summary,
  intent,
  redirectTo,
  children,
}: {
  form: ReturnType<typeof getFormProps>;
  summary: Parameters<typeof ErrorSummary>[0]["summary"];
  intent: keyof typeof schemas;
  redirectTo?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...form} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {redirectTo === undefined ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      <HoneypotField />
      <ErrorSummary summary={summary} />
      {children}
    </Form>
  );
}

function SignInForm({ lastResult, redirectTo }: FormProps & { redirectTo: string }) {
  const [form, fields, summary] = useSchemaForm("signin-form", signInSchema, lastResult);
  return (
    <AuthForm form={getFormProps(form)} summary={summary} intent="signin" redirectTo={redirectTo}>
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <PasswordField field={fields.password} label="Password" autoComplete="current-password" clearOn={lastResult} />
      <SubmitButton intent="signin" label="Sign In" pendingLabel="Signing in…" className="btn-primary w-full" />
    </AuthForm>
  );
}

function SignUpForm({ lastResult, redirectTo }: FormProps & { redirectTo: string }) {
  const [form, fields, summary] = useSchemaForm("signup-form", signUpSchema, lastResult);
  return (
    <>
      <AuthForm form={getFormProps(form)} summary={summary} intent="signup" redirectTo={redirectTo}>
        <TextField field={fields.username} label="Username" autoComplete="username" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <NewPasswordFields fields={fields} label="Password" clearOn={lastResult} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DemographicFields fields={fields} />
        </div>
        <p className="text-sm text-stone-700">
          By signing up you agree to the{" "}
          <DialogLink dialogId="privacy-dialog" to="/privacy#privacy-policy" className="btn-link">
            User Privacy Agreement
          </DialogLink>{" "}
          and the{" "}
          <DialogLink dialogId="consent-dialog" to="/privacy#user-consent" className="btn-link">
            User Consent Agreement
          </DialogLink>
          .
        </p>
        <SubmitButton intent="signup" label="Sign Up" pendingLabel="Creating account…" className="btn-primary w-full" />
      </AuthForm>
      <ModalDialog id="privacy-dialog" title="Privacy Policy" closeTo="/authorization?formType=signup" longText>
        <PrivacyPolicyText />
      </ModalDialog>
      <ModalDialog id="consent-dialog" title="User Consent" closeTo="/authorization?formType=signup" longText>
        <UserConsentText />
      </ModalDialog>
    </>
  );
}

function ResetRequestForm({ lastResult }: FormProps) {
  const [form, fields, summary] = useSchemaForm("reset-form", resetRequestSchema, lastResult);
  return (
    <AuthForm form={getFormProps(form)} summary={summary} intent="reset">
      <p className="text-stone-700">Enter your email to reset password</p>
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <SubmitButton intent="reset" label="Send Reset Link" pendingLabel="Sending…" className="btn-primary w-full" />
    </AuthForm>
  );
}
