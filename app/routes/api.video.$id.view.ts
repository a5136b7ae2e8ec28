import { viewThroughApi } from "~/http/api-videos.server";
import { apiRoute, requireApiUser, requireId } from "~/http/api.server";

// POST: the caller started playing the video; counted once per user, video and day, as on the pages.
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    return viewThroughApi(request, user.id, requireId(params.id, "Video"));
  },
});
