import {
  apiRoute,
  apiVersioned,
  ApiError,
  currentTagOf,
  readBody,
  readIfMatch,
  requireApiAdmin,
} from "~/http/api.server";
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
