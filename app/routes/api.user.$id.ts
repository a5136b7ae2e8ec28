import { deleteUserAccount } from "~/models/user.server";
import { userMessages } from "~/schemas/user";
import { ApiError, apiJson, apiRoute, requireApiUser, requireId } from "~/utils/api.server";
import { destroySessionCookie } from "~/utils/session.server";

// An administrator deletes any account; anyone may delete their own (SPEC §6).
export const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    const auth = await requireApiUser(request);
    const id = requireId(params.id, "User");
    const self = auth.user.id === id;
    if (!self && auth.user.role !== "Admin") throw new ApiError(403, "You may only delete your own profile.");
    const deleted = await deleteUserAccount(id);
    if (!deleted.ok && deleted.reason === "last-admin") throw new ApiError(409, userMessages.lastAdmin);
    if (!deleted.ok) throw new ApiError(404, "User not found.");
    const headers = self && auth.via === "cookie" ? { "Set-Cookie": await destroySessionCookie() } : undefined;
    return apiJson({ message: self ? userMessages.profileDeleted : "The user was deleted.", _id: id }, { headers });
  },
});
