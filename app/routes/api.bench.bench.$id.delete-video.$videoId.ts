import { benchAnswer } from "~/http/api-trails.server";
import { deleteBenchVideo } from "~/models/bench.server";
import { apiRoute } from "~/http/api.server";
import { readIfMatch } from "~/http/api-versions.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { requireId } from "~/http/api-input.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Bench");
    const videoId = requireId(params.videoId, "Video");
    return benchAnswer(await deleteBenchVideo(id, videoId, readIfMatch(request)));
  },
});
