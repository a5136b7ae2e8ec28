import { conflictError, requireSelfOrAdmin } from "~/api/accounts.server";
import { toUserJson, updateUserProfile } from "~/models/user.server";
import { profileUpdateApiSchema, userMessages } from "~/schemas/user";
import { ApiError, apiRoute, readBody } from "~/utils/api.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { auth, userId, self } = await requireSelfOrAdmin(request, params.userId, "You may only update your own profile.");
    const { confirmPassword: _repeat, ...changes } = await readBody(request, profileUpdateApiSchema);
    // Changing one's own password keeps the session that made the change; every other one ends.
    const updated = await updateUserProfile(userId, changes, { keepSessionId: self ? auth.token : undefined });
    if (updated.ok) return toUserJson(updated.user);
    if (updated.reason === "not-found") throw new ApiError(404, "User not found.");
    if (updated.reason === "no-changes") throw new ApiError(400, userMessages.noProfileChanges);
    throw conflictError(updated.conflicts);
  },
});
