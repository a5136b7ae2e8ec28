import { viewThroughApi } from "~/http/api-videos.server";
import { apiRoute, requireApiUser, requireId } from "~/http/api.server";

// The Spring 2025 client's call: the same as POST /api/video/{id}/view.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    return viewThroughApi(request, user.id, requireId(params.id, "Video"));
  },
});
