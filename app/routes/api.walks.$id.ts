import { apiRoute } from "~/http/api.server";
import { ApiError } from "~/http/api-answers.server";
import { requireApiUser } from "~/http/api-auth.server";
import { requireId } from "~/http/api-input.server";
import { deleteOwnWalk, walkRefusals } from "~/models/walk.server";
import { walkMessages } from "~/schemas/walk";

export const { loader, action } = apiRoute({
  // Someone else's walk is answered exactly like one that does not exist.
  DELETE: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const id = requireId(params.id, "Walk");
    if (!(await deleteOwnWalk(user.id, id))) throw ApiError.refused(walkRefusals["not-found"]);
    return { message: walkMessages.deleted, _id: id };
  },
});
