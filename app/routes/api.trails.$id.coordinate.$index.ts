import { requireIndex, trailAnswer } from "~/http/api-trails.server";
import { apiRoute, readBody, readQuery, requireApiAdmin, requireId } from "~/http/api.server";
import { deleteCoordinate, updateCoordinate } from "~/models/trail.server";
import { coordinateDeleteQuerySchema, coordinateUpdateSchema } from "~/schemas/trail";

// An edit that names the trail's version is refused (409) when the trail has changed since; without one,
// it applies to the trail as it is then.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const { version, ...coordinate } = await readBody(request, coordinateUpdateSchema);
    return trailAnswer(await updateCoordinate(trailId, index, coordinate, { expectedVersion: version }));
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const { version } = readQuery(request, coordinateDeleteQuerySchema);
    return trailAnswer(await deleteCoordinate(trailId, index, { expectedVersion: version }));
  },
});
