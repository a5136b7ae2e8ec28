import { requireSelfOrAdmin } from "~/http/api-accounts.server";
import { ApiError, apiRoute, readBody } from "~/http/api.server";
import { toUserJsonFor, updateUserProfile, userRefusal } from "~/models/user.server";
import { profileUpdateApiSchema, userMessages } from "~/schemas/user";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { auth, userId } = await requireSelfOrAdmin(request, params.userId, userMessages.notYourProfile);
    const { confirmPassword: _repeat, ...changes } = await readBody(request, profileUpdateApiSchema);
    const editor = { userId: auth.user.id, role: auth.user.role, sessionId: auth.token };
    const updated = await updateUserProfile(userId, changes, editor);
    if (!updated.ok) throw ApiError.refused(userRefusal(updated));
    return toUserJsonFor(updated.user, auth.user.id);
  },
});
