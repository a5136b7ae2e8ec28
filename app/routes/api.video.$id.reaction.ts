import { reactThroughApi } from "~/http/api-videos.server";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiUser } from "~/http/api-auth.server";
import { videoReactionApiSchema } from "~/schemas/video";

// PUT { reaction: "like" | "dislike" | "none" }: the caller's one reaction to the video, as on the pages.
export const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const videoId = requireId(params.id, "Video");
    const { reaction } = await readBody(request, videoReactionApiSchema);
    return reactThroughApi(request, user.id, videoId, reaction);
  },
});
