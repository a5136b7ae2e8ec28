import { tooManyAttempts } from "~/http/api-accounts.server";
import { toUserJson } from "~/models/user.server";
import { signInSchema, userMessages } from "~/schemas/user";
import { ApiError, apiJson, apiRoute, readBody } from "~/http/api.server";
import { signInAttempt } from "~/http/auth.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/models/session.server";

// The token is a new session id: usable as a bearer token, revoked by signing out like any session.
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { email, password } = await readBody(request, signInSchema);
    const attempt = await signInAttempt(request, email, password);
    if (!attempt.ok && attempt.reason === "rate-limited") return tooManyAttempts(attempt.retryAfterSeconds);
    if (!attempt.ok) throw new ApiError(401, userMessages.signInFailed);
    const session = await createSession(attempt.user.id);
    return apiJson({ result: toUserJson(attempt.user), token: session.id }, { headers: { "Set-Cookie": await commitSessionCookie(session.id) } });
  },
});
