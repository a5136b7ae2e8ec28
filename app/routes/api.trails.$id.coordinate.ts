import { trailAnswerForPoint } from "~/http/api-trails.server";
import { trailSchemasNow } from "~/models/placement.server";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { readIfMatch } from "~/http/api-versions.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { insertCoordinate } from "~/models/trail-edit.server";

// PATCH { index, coordinate: [lng, lat], version? }: inserts at index (0..length), answers the whole trail;
// [latitude, longitude] sent by mistake is stored the right way round, with a Warning header. A stale
// If-Match is refused with 412, a stale `version` with 409.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const trailId = requireId(params.id, "Trail");
    const { ifMatch } = readIfMatch(request);
    const { index, coordinate, version, swapped } = await readBody(request, (await trailSchemasNow()).insertCoordinate);
    return trailAnswerForPoint(
      trailId,
      await insertCoordinate(trailId, index, coordinate, { expectedVersion: version, ifMatch }),
      { swapped },
    );
  },
});
