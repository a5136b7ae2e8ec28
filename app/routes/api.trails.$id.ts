import { apiRoute, ApiError, requireApiUser, requireId } from "~/http/api.server";
import { getTrailWithCoordinates, serializeTrail, trailRefusals } from "~/models/trail.server";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiUser(request);
    const trail = await getTrailWithCoordinates(requireId(params.id, "Trail"));
    if (!trail) throw ApiError.refused(trailRefusals["not-found"]);
    return serializeTrail(trail);
  },
});
