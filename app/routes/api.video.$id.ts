import { deleteVideo, getVideo, toVideoJson, updateVideo, videoRefusals } from "~/models/video.server";
import { videoPatchSchema } from "~/schemas/video";
import { ApiError, apiRoute, readBody, requireApiAdmin, requireApiUser, requireId } from "~/http/api.server";

// SPEC §7 DELETE /api/video/{id} (admin); GET one (signed-in) and PATCH (admin edit) go beyond SPEC.
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiUser(request);
    const video = await getVideo(requireId(params.id, "Video"));
    if (!video) throw ApiError.refused(videoRefusals["not-found"]);
    return toVideoJson(video);
  },
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Video");
    const patch = await readBody(request, videoPatchSchema);
    const video = await updateVideo(id, patch);
    if (!video) throw ApiError.refused(videoRefusals["not-found"]);
    return toVideoJson(video);
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Video");
    if (!(await deleteVideo(id))) throw ApiError.refused(videoRefusals["not-found"]);
    return { message: "Video deleted.", _id: id };
  },
});
