import { benchAnswer } from "~/http/api-trails.server";
import { addBenchVideo } from "~/models/bench.server";
import { benchVideoSchema } from "~/schemas/bench";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { readIfMatch } from "~/http/api-versions.server";
import { requireApiAdmin } from "~/http/api-auth.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Bench");
    const base = readIfMatch(request);
    const video = await readBody(request, benchVideoSchema);
    return benchAnswer(await addBenchVideo(id, video, base));
  },
});
