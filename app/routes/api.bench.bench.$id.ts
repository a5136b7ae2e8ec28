import { benchAnswer } from "~/http/api-trails.server";
import { deleteBench, updateBench } from "~/models/bench.server";
import { benchUpdateSchema } from "~/schemas/bench";
import { apiRoute, readBody, requireApiAdmin, requireId } from "~/http/api.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Bench");
    const input = await readBody(request, benchUpdateSchema);
    return benchAnswer(await updateBench(id, input));
  },
  // Answers the deleted bench, so a client can name it.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    return benchAnswer(await deleteBench(requireId(params.id, "Bench")));
  },
});
