import { apiRoute } from "~/http/api.server";
import { ApiError } from "~/http/api-answers.server";
import { apiVersioned, readIfMatch } from "~/http/api-versions.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin, requireApiUser } from "~/http/api-auth.server";
import { trailAnswer } from "~/http/api-trails.server";
import { toBenchJson } from "~/models/bench.server";
import {
  benchesInTrailOrder,
  getTrailWithCoordinates,
  toTrailJson,
  trailRefusals,
  updateTrailFacts,
} from "~/models/trail.server";
import { trailFactsUpdateSchema } from "~/schemas/facts";

export const { loader, action } = apiRoute({
  // The trail with its facts and its benches in walking order (what its public page shows). Its ETag
  // names the trail's version; each bench in the list carries its own `version`.
  GET: async ({ request, params }) => {
    const { dataVersions } = await requireApiUser(request);
    const trail = await getTrailWithCoordinates(requireId(params.id, "Trail"), dataVersions);
    if (!trail) throw ApiError.refused(trailRefusals["not-found"]);
    const benches = await benchesInTrailOrder(trail, dataVersions);
    return apiVersioned({
      ...toTrailJson(trail),
      benches: benches.map(({ bench, along }) => ({ ...toBenchJson(bench), alongMetres: Math.round(along) })),
    });
  },
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Trail");
    const base = readIfMatch(request);
    const facts = await readBody(request, trailFactsUpdateSchema);
    return trailAnswer(id, await updateTrailFacts(id, facts, base));
  },
});
