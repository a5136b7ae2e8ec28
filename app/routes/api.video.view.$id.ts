import { viewThroughApi } from "~/http/api-videos.server";
import { apiRoute } from "~/http/api.server";
import { requireApiUser } from "~/http/api-auth.server";
import { requireId } from "~/http/api-input.server";

// The Spring 2025 client's call: the same as POST /api/video/{id}/view.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    return viewThroughApi(request, user.id, requireId(params.id, "Video"));
  },
});
