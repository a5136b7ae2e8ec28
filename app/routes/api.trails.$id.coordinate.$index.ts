import { requireIndex, trailAnswer, trailAnswerForPoint } from "~/http/api-trails.server";
import { apiRoute, readBody, readQuery, requireApiAdmin, requireId } from "~/http/api.server";
import { deleteCoordinate, updateCoordinate } from "~/models/trail.server";
import { coordinateDeleteQuerySchema, coordinateUpdateSchema } from "~/schemas/trail";

// A point that only fits the campus with latitude and longitude exchanged is stored exchanged, and the
// answer says so in a Warning header. An edit that names the trail's version is refused (409) when the trail has changed since; without one,
// it applies to the trail as it is then.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const { version, swapped, ...coordinate } = await readBody(request, coordinateUpdateSchema);
    return trailAnswerForPoint(await updateCoordinate(trailId, index, coordinate, { expectedVersion: version }), { swapped });
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const { version } = readQuery(request, coordinateDeleteQuerySchema);
    return trailAnswer(await deleteCoordinate(trailId, index, { expectedVersion: version }));
  },
});
