import { deleteVideo, updateVideo, videoRefusals } from "~/models/video.server";
import { getVideo } from "~/models/video-library.server";
import { toVideoJson } from "~/models/video-json.server";
import { videoMessages, videoPatchSchema } from "~/schemas/video";
import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { editedOrRefused, readAdminEdit } from "~/http/api-admin.server";
import { apiVersioned } from "~/http/api-versions.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiUser } from "~/http/api-auth.server";

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
    const { id, base } = await readAdminEdit(request, params.id, "Video");
    const patch = await readBody(request, videoPatchSchema);
    const { video } = editedOrRefused(await updateVideo(id, patch, base), videoRefusals);
    return apiVersioned(toVideoJson(video));
  },
  DELETE: async ({ request, params }) => {
    const { id, base } = await readAdminEdit(request, params.id, "Video");
    editedOrRefused(await deleteVideo(id, base), videoRefusals);
    return { message: videoMessages.deletedById, _id: id };
  },
});
