import { listTrailsWithCoordinates, serializeTrail } from "~/models/trail.server";
import { apiRoute, requireApiUser } from "~/http/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return (await listTrailsWithCoordinates()).map(serializeTrail);
  },
});
