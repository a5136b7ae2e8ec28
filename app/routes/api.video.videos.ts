import { createVideo, searchVideos } from "~/models/video.server";
import { toVideoJson } from "~/models/video-json.server";
import { videoInputSchema } from "~/schemas/video";
import { apiRoute } from "~/http/api.server";
import { apiVersioned } from "~/http/api-versions.server";
import { readBody } from "~/http/api-input.server";
import { requireApiAdmin, requireApiUser } from "~/http/api-auth.server";

// GET /api/video/videos (signed-in users watch videos), as the old client calls it; POST creates one (admin, ours).
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return (await searchVideos()).map(toVideoJson);
  },
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, videoInputSchema);
    return apiVersioned(toVideoJson(await createVideo(input)), { status: 201 });
  },
});
