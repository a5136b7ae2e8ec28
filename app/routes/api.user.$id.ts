import { deleteOwnAccount } from "~/models/user-ownership.server";
import { deleteUserAccount, getUserById, userRefusal, userRefusals } from "~/models/user.server";
import { toUserJsonFor } from "~/models/user-json.server";
import { deleteProfileSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { requireSelfOrAdmin } from "~/http/api-accounts.server";
import { ApiError, apiJson } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { destroySessionCookie } from "~/http/session-cookie.server";

export const { loader, action } = apiRoute({
  // One account (never a hash): one's own in full, or anyone's name, email and role as Admin.
  GET: async ({ request, params }) => {
    const { auth, userId } = await requireSelfOrAdmin(request, params.id, userMessages.notYourUser);
    const user = await getUserById(userId);
    if (!user) throw ApiError.refused(userRefusals["not-found"]);
    return toUserJsonFor(user, auth.user.id);
  },
  DELETE: async ({ request, params }) => {
    const { auth, userId: id, self } = await requireSelfOrAdmin(request, params.id, userMessages.notYourAccount);
    // One's own account goes only with its current password; an administrator deletes others without one.
    const deleted = self
      ? await deleteOwnAccount(id, (await readBody(request, deleteProfileSchema)).currentPassword)
      : await deleteUserAccount(id);
    if (!deleted.ok) throw ApiError.refused(userRefusal(deleted));
    const headers = self && auth.via === "cookie" ? { "Set-Cookie": await destroySessionCookie() } : undefined;
    return apiJson({ message: self ? userMessages.profileDeleted : userMessages.userDeleted, _id: id }, { headers });
  },
});
