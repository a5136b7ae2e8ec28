import { changeUserRole, toUserJson } from "~/models/user.server";
import { roleUpdateSchema, userMessages } from "~/schemas/user";
import { ApiError, apiRoute, readBody, requireApiAdmin, requireId } from "~/http/api.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "User");
    const { roleType } = await readBody(request, roleUpdateSchema);
    const changed = await changeUserRole(id, roleType);
    if (changed.ok) return toUserJson(changed.user);
    if (changed.reason === "last-admin") throw new ApiError(409, userMessages.lastAdminRole);
    throw new ApiError(404, "User not found.");
  },
});
