import { apiRoute } from "~/http/api.server";
import { ApiError } from "~/http/api-answers.server";
import { apiVersioned, readIfMatch } from "~/http/api-versions.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin, requireApiUser } from "~/http/api-auth.server";
import { trailAnswer } from "~/http/api-trails.server";
import { toBenchJson } from "~/models/bench.server";
import { benchesInTrailOrder, getTrailWithCoordinates, toTrailJson, trailRefusals } from "~/models/trail.server";
import { updateTrail } from "~/models/trail-edit.server";
import { trailPatchSchema } from "~/schemas/trail-admin";
import { deleteTrail } from "~/models/trail-lifecycle.server";

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
  // Facts, a new name or colour (decision 078), or both: one transaction, one version step.
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Trail");
    const base = readIfMatch(request);
    const { details, facts } = await readBody(request, trailPatchSchema);
    return trailAnswer(id, await updateTrail(id, { details, facts }, base));
  },
  // The trail goes; its benches stay without it, its walks and reports keep its name.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Trail");
    const deleted = await deleteTrail(id, readIfMatch(request));
    // A stale deletion is a write refusal like any other: answered with the trail's current ETag.
    if (!deleted.ok) return trailAnswer(id, deleted);
    return new Response(null, { status: 204 });
  },
});
