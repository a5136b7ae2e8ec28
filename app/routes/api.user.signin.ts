import { rateLimited } from "~/api/accounts.server";
import { toUserJson, verifyLogin } from "~/models/user.server";
import { signInSchema, userMessages } from "~/schemas/user";
import { ApiError, apiJson, apiRoute, readBody } from "~/utils/api.server";
import { commitSessionCookie, createSession } from "~/utils/session.server";

// The token is a new session id: usable as a bearer token, revoked by signing out like any session.
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { email, password } = await readBody(request, signInSchema);
    const limited = await rateLimited(request, "signIn", email);
    if (limited) return limited;
    const user = await verifyLogin(email, password);
    if (!user) throw new ApiError(401, userMessages.signInFailed);
    const session = await createSession(user.id);
    return apiJson({ result: toUserJson(user), token: session.id }, { headers: { "Set-Cookie": await commitSessionCookie(session.id) } });
  },
});
