import { viewThroughApi } from "~/http/api-videos.server";
import { apiRoute } from "~/http/api.server";
import { requireApiUser } from "~/http/api-auth.server";
import { requireId } from "~/http/api-input.server";

// POST: the caller started playing the video; counted once per user, video and day, as on the pages.
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    return viewThroughApi(request, user.id, requireId(params.id, "Video"));
  },
});
