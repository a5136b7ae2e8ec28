import { getTrailWithCoordinates, serializeTrail } from "~/models/trail.server";
import { trailMessages } from "~/schemas/trail";
import { ApiError, apiRoute, requireApiUser, requireId } from "~/http/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiUser(request);
    const trail = await getTrailWithCoordinates(requireId(params.id, "Trail"));
    if (!trail) throw new ApiError(404, trailMessages.notFound);
    return serializeTrail(trail);
  },
});
