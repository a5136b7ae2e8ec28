import { userMessages } from "~/schemas/user";
import { apiJson } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { revokeApiCredentials } from "~/http/api-auth.server";
import { destroySessionCookie } from "~/http/session-cookie.server";

// Signing out from the API: the token (or cookie session) it was called with stops working at once.
// Calling it again, or without being signed in, is fine: the caller is signed out either way.
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { clearCookie } = await revokeApiCredentials(request);
    const headers = clearCookie ? { "Set-Cookie": await destroySessionCookie() } : undefined;
    return apiJson({ message: userMessages.signedOut }, { headers });
  },
});
