import { deleteUserAccount, userRefusal } from "~/models/user.server";
import { userMessages } from "~/schemas/user";
import { requireSelfOrAdmin } from "~/http/api-accounts.server";
import { ApiError, apiJson, apiRoute } from "~/http/api.server";
import { destroySessionCookie } from "~/http/session-cookie.server";

export const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    const { auth, userId: id, self } = await requireSelfOrAdmin(request, params.id, userMessages.notYourAccount);
    const deleted = await deleteUserAccount(id);
    if (!deleted.ok) throw ApiError.refused(userRefusal(deleted));
    const headers = self && auth.via === "cookie" ? { "Set-Cookie": await destroySessionCookie() } : undefined;
    return apiJson({ message: self ? userMessages.profileDeleted : "The user was deleted.", _id: id }, { headers });
  },
});
