import { createVideo, searchVideos, toVideoJson } from "~/models/video.server";
import { videoInputSchema } from "~/schemas/video";
import { apiRoute, apiVersioned, readBody, requireApiAdmin, requireApiUser } from "~/http/api.server";

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
