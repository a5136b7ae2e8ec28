import { rateLimited } from "~/http/api-accounts.server";
import { conflictRefusal, registerUser } from "~/models/user.server";
import { toUserJson } from "~/models/user-json.server";
import { signUpApiSchema } from "~/schemas/user-api";
import { ApiError, apiJson } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { signedInCookies } from "~/http/auth.server";
import { createSession } from "~/models/session.server";

// The role is always User (registerUser ignores any roleType sent); the answer is the sign-in shape.
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { confirmPassword: _repeat, ...input } = await readBody(request, signUpApiSchema);
    const limited = await rateLimited(request, "signUp", input.email);
    if (limited) return limited;
    const registered = await registerUser(input);
    if (!registered.ok) throw ApiError.refused(conflictRefusal(registered.conflicts));
    const session = await createSession(registered.user.id, { startedBySignUp: true });
    return apiJson(
      { result: toUserJson(registered.user), token: session.id },
      { status: 201, headers: await signedInCookies(request, session.id, registered.user.id) },
    );
  },
});
