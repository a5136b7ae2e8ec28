import { conflictError, requireSelfOrAdmin } from "~/http/api-accounts.server";
import { toUserJson, updateUserProfile } from "~/models/user.server";
import { profileUpdateApiSchema, userMessages } from "~/schemas/user";
import { ApiError, apiRoute, readBody } from "~/http/api.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { auth, userId } = await requireSelfOrAdmin(request, params.userId, "You may only update your own profile.");
    const { confirmPassword: _repeat, ...changes } = await readBody(request, profileUpdateApiSchema);
    const editor = { userId: auth.user.id, role: auth.user.role, sessionId: auth.token };
    const updated = await updateUserProfile(userId, changes, editor);
    if (updated.ok) return toUserJson(updated.user);
    if (updated.reason === "not-found") throw new ApiError(404, "User not found.");
    if (updated.reason === "no-changes") throw new ApiError(400, userMessages.noProfileChanges);
    if (updated.reason === "refused") {
      const { status, message, field } = updated.refusal;
      throw new ApiError(status, message, { [field]: [message] });
    }
    throw conflictError(updated.conflicts);
  },
});
