import { requireIndex, trailAnswer } from "~/http/api-trails.server";
import { deleteCoordinate, updateCoordinate } from "~/models/trail.server";
import { coordinateSchema } from "~/schemas/trail";
import { apiRoute, readBody, requireApiAdmin, requireId } from "~/http/api.server";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const coordinate = await readBody(request, coordinateSchema);
    return trailAnswer(await updateCoordinate(trailId, index, coordinate));
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    return trailAnswer(await deleteCoordinate(requireId(params.id, "Trail"), requireIndex(params.index)));
  },
});
