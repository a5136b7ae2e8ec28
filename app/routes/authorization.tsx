// Minimal sign-in, only so the video pages can be used and tested on this branch. Issue 3 owns
// /authorization (sign-up, reset, rate limits, messages); its version replaces this file at merge.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { authenticator, getOptionalUser, InvalidCredentialsError, safeRedirectPath } from "~/utils/auth.server";
import { commitSessionCookie, createSession } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (user) throw redirect("/userHome");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/userHome");
  try {
    const user = await authenticator.authenticate("user-pass", request);
    const session = await createSession(user.id);
    return redirect(redirectTo, { headers: { "Set-Cookie": await commitSessionCookie(session.id) } });
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return data({ error: error.message, email: String(form.get("email") ?? "") }, { status: 400 });
  }
}

export default function Authorization() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <div className="page max-w-md">
      <h1 className="page-title">Sign In</h1>
      <Form method="post" className="card mt-6 flex flex-col gap-4 p-6">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        {actionData?.error ? (
          <p role="alert" className="field-error">
            {actionData.error}
          </p>
        ) : null}
        <div>
          <label htmlFor="email" className="field-label">
            Email
          </label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={actionData?.email} className="field-input" />
        </div>
        <div>
          <label htmlFor="password" className="field-label">
            Password
          </label>
          <input id="password" name="password" type="password" autoComplete="current-password" required className="field-input" />
        </div>
        <button type="submit" className="btn-primary">
          Sign In
        </button>
      </Form>
    </div>
  );
}
