import { trailAnswer } from "~/http/api-trails.server";
import { apiRoute, readBody, requireApiAdmin, requireId } from "~/http/api.server";
import { insertCoordinate } from "~/models/trail.server";
import { insertCoordinateSchema } from "~/schemas/trail";

// PATCH { index, coordinate: [lng, lat], version? }: inserts at index (0..length), answers the whole trail.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const { index, coordinate, version } = await readBody(request, insertCoordinateSchema);
    return trailAnswer(await insertCoordinate(trailId, index, coordinate, { expectedVersion: version }));
  },
});
