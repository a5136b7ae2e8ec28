import { requireSelfOrAdmin } from "~/http/api-accounts.server";
import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { submitProfileUpdate } from "~/models/email-change.server";
import { toUserJsonFor } from "~/models/user-json.server";
import { userRefusal } from "~/models/user.server";
import { profileQuota } from "~/http/rate-limit.server";
import { profileUpdateApiSchema } from "~/schemas/user-api";
import { profileUpdatedMessage, userMessages } from "~/schemas/user";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { auth, userId } = await requireSelfOrAdmin(request, params.userId, userMessages.notYourProfile);
    const { confirmPassword: _repeat, ...changes } = await readBody(request, profileUpdateApiSchema);
    const editor = { userId: auth.user.id, role: auth.user.role, sessionId: auth.token };
    // Counted against the account making the change (an admin's edits never use up a user's quota).
    const quota = await profileQuota(request, auth.user, userId === auth.user.id ? changes.email : null);
    if (!quota.allowed)
      throw new ApiError(429, quota.message, undefined, { "Retry-After": String(quota.retryAfterSeconds) });
    // A refused update keeps its place in the quota: otherwise refusals could be tried without end.
    const updated = await submitProfileUpdate(userId, changes, editor);
    // As the old server did: an update that changes nothing answers with the account as it is.
    if (!updated.ok && updated.reason === "no-changes") return toUserJsonFor(updated.user, auth.user.id);
    if (!updated.ok) throw ApiError.refused(userRefusal(updated));
    // One's own new email waits for its link: the user as it is, and where the link went, for any address.
    if (updated.emailPending !== null)
      return { ...toUserJsonFor(updated.user, auth.user.id), message: profileUpdatedMessage(updated) };
    return toUserJsonFor(updated.user, auth.user.id);
  },
});
