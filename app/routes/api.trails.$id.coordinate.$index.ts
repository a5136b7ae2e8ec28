import { requireIndex, trailAnswer, trailAnswerForPoint } from "~/http/api-trails.server";
import { trailSchemasNow } from "~/models/placement.server";
import { apiRoute } from "~/http/api.server";
import { readBody, readQuery, requireId } from "~/http/api-input.server";
import { readIfMatch } from "~/http/api-versions.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { deleteCoordinate, updateCoordinate } from "~/models/trail-edit.server";
import { coordinateDeleteQuerySchema } from "~/schemas/trail";

// A point that only fits the campus with latitude and longitude exchanged is stored exchanged, and the
// answer says so in a Warning header. An edit whose If-Match names an older version of the trail is
// refused with 412, one that names an older `version` (body or query, as before If-Match) with 409;
// without either, it applies to the trail as it is then.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const { ifMatch } = readIfMatch(request);
    const { version, swapped, ...coordinate } = await readBody(request, (await trailSchemasNow()).coordinateUpdate);
    return trailAnswerForPoint(
      trailId,
      await updateCoordinate(trailId, index, coordinate, { expectedVersion: version, ifMatch }),
      { swapped },
    );
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const index = requireIndex(params.index);
    const { ifMatch } = readIfMatch(request);
    const { version } = readQuery(request, coordinateDeleteQuerySchema);
    return trailAnswer(trailId, await deleteCoordinate(trailId, index, { expectedVersion: version, ifMatch }));
  },
});
