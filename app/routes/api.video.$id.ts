import { deleteVideo, updateVideo, videoRefusals } from "~/models/video.server";
import { getVideo } from "~/models/video-library.server";
import { toVideoJson } from "~/models/video-json.server";
import { videoMessages, videoPatchSchema } from "~/schemas/video";
import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { apiVersioned, currentTagOf, readIfMatch } from "~/http/api-versions.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin, requireApiUser } from "~/http/api-auth.server";

// DELETE /api/video/{id} (admin), as the old client calls it; GET one (signed-in) and PATCH (admin edit) are ours.
// GET answers the video's ETag; PATCH and DELETE accept it in If-Match (412 when the video changed since).
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiUser(request);
    const video = await getVideo(requireId(params.id, "Video"));
    if (!video) throw ApiError.refused(videoRefusals["not-found"]);
    return apiVersioned(toVideoJson(video));
  },
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Video");
    const base = readIfMatch(request);
    const patch = await readBody(request, videoPatchSchema);
    const result = await updateVideo(id, patch, base);
    if (!result.ok) throw ApiError.refused(videoRefusals[result.reason], currentTagOf(result));
    return apiVersioned(toVideoJson(result.video));
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Video");
    const result = await deleteVideo(id, readIfMatch(request));
    if (!result.ok) throw ApiError.refused(videoRefusals[result.reason], currentTagOf(result));
    return { message: videoMessages.deletedById, _id: id };
  },
});
