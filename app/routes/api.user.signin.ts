import { toUserJson } from "~/models/user-json.server";
import { signInSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { ApiError, apiJson } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { signedInCookies, signInAttempt } from "~/http/auth.server";
import { createSession } from "~/models/session.server";

// The token is a new session id: usable as a bearer token, revoked by signing out like any session. The
// answer sets the session and device cookies; a client that keeps cookies is a known device next time.
// While the account is under attack, the right password from an unknown device gets 202 and a link by
// mail, never a session (decision 040); past the sign-in limits of the caller's address, every attempt
// gets 202 and a link mailed if the email has an account, with no password compared.
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { email, password } = await readBody(request, signInSchema);
    const attempt = await signInAttempt(request, email, password);
    if (!attempt.ok && attempt.reason === "link-sent")
      return apiJson({ message: userMessages.signInLinkSent }, { status: 202 });
    if (!attempt.ok && attempt.reason === "link-offered")
      return apiJson({ message: userMessages.signInLinkOffered }, { status: 202 });
    if (!attempt.ok) throw new ApiError(401, userMessages.signInFailed);
    const session = await createSession(attempt.user.id);
    return apiJson(
      { result: toUserJson(attempt.user), token: session.id },
      { headers: await signedInCookies(request, session.id, attempt.user.id) },
    );
  },
});
