import { benchAnswer } from "~/http/api-trails.server";
import { deleteBenchVideo } from "~/models/bench.server";
import { apiRoute, readIfMatch, requireApiAdmin, requireId } from "~/http/api.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Bench");
    const videoId = requireId(params.videoId, "Video");
    return benchAnswer(await deleteBenchVideo(id, videoId, readIfMatch(request)));
  },
});
