import { trailAnswer } from "~/http/api-trails.server";
import { insertCoordinate } from "~/models/trail.server";
import { insertCoordinateSchema } from "~/schemas/trail";
import { apiRoute, readBody, requireApiAdmin, requireId } from "~/http/api.server";

// PATCH { index, coordinate: [lng, lat] }: inserts at index (0..length), answers the whole trail.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const { index, coordinate } = await readBody(request, insertCoordinateSchema);
    return trailAnswer(await insertCoordinate(trailId, index, coordinate));
  },
});
