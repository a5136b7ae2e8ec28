import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { changeUserRole, userRefusal } from "~/models/user.server";
import { toUserJsonFor } from "~/models/user-json.server";
import { roleUpdateSchema } from "~/schemas/user-api";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = requireId(params.id, "User");
    const { roleType } = await readBody(request, roleUpdateSchema);
    const changed = await changeUserRole(id, roleType);
    if (!changed.ok) throw ApiError.refused(userRefusal(changed));
    return toUserJsonFor(changed.user, admin.user.id);
  },
});
