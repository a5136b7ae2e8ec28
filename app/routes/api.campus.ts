import { apiRoute } from "~/http/api.server";
import { apiVersioned, currentTagOf, readIfMatch } from "~/http/api-versions.server";
import { ApiError } from "~/http/api-answers.server";
import { readBody } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { campusRefusals, getCampus, toCampusJson, updateCampus } from "~/models/campus.server";
import { campusPatchSchema } from "~/schemas/campus";

export const { loader, action } = apiRoute({
  // Public, as the footer and the pages' times are: a client shows times on the campus clock with it.
  GET: async () => apiVersioned(toCampusJson(await getCampus())),
  PATCH: async ({ request }) => {
    await requireApiAdmin(request);
    const base = readIfMatch(request);
    const changed = await updateCampus(await readBody(request, campusPatchSchema), base);
    if (!changed.ok) throw ApiError.refused(campusRefusals[changed.reason], currentTagOf(changed));
    return apiVersioned(toCampusJson(changed.campus));
  },
});
