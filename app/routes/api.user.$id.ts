import { deleteUserAccount } from "~/models/user.server";
import { userMessages } from "~/schemas/user";
import { requireSelfOrAdmin } from "~/http/api-accounts.server";
import { ApiError, apiJson, apiRoute } from "~/http/api.server";
import { destroySessionCookie } from "~/http/session-cookie.server";

export const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    const { auth, userId: id, self } = await requireSelfOrAdmin(request, params.id, "You may only delete your own profile.");
    const deleted = await deleteUserAccount(id);
    if (!deleted.ok && deleted.reason === "last-admin") throw new ApiError(409, userMessages.lastAdmin);
    if (!deleted.ok) throw new ApiError(404, "User not found.");
    const headers = self && auth.via === "cookie" ? { "Set-Cookie": await destroySessionCookie() } : undefined;
    return apiJson({ message: self ? userMessages.profileDeleted : "The user was deleted.", _id: id }, { headers });
  },
});
