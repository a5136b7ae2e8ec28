import { listTrailsWithCoordinates, toTrailJson } from "~/models/trail.server";
import { apiJsonText, jsonOnce } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { requireApiUser } from "~/http/api-auth.server";

// The trails change only when an admin edits them: the answer's text is made once per version of them.
const trailsJson = jsonOnce((trails: Awaited<ReturnType<typeof listTrailsWithCoordinates>>) => trails.map(toTrailJson));

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const { dataVersions } = await requireApiUser(request);
    return apiJsonText(trailsJson(await listTrailsWithCoordinates(dataVersions)));
  },
});
