// Minimal sign-in so signed-in pages can be used and tested on this branch; the accounts issue
// replaces it with the full sign-in / sign-up / reset screen.
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { authenticator, InvalidCredentialsError, safeRedirectPath } from "~/utils/auth.server";
import { commitSessionCookie, createSession } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Sign In | Walking Trails" }];

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    const user = await authenticator.authenticate("user-pass", request);
    const { id } = await createSession(user.id);
    return redirect(safeRedirectPath(form.get("redirectTo"), "/userHome"), {
      headers: { "Set-Cookie": await commitSessionCookie(id) },
    });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return data({ error: error.message }, { status: 401 });
    throw error;
  }
}

export default function Authorization() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <div className="page max-w-md">
      <h1 className="page-title mb-6">Sign In</h1>
      <Form method="post" className="card space-y-4 p-6">
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
          <input id="email" name="email" type="email" autoComplete="email" required className="field-input" />
        </div>
        <div>
          <label htmlFor="password" className="field-label">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-primary w-full">
          Sign In
        </button>
      </Form>
    </div>
  );
}
