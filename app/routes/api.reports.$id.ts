import { apiRoute } from "~/http/api.server";
import { ApiError } from "~/http/api-answers.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { reportRefusals, setReportStatus, toReportJson } from "~/models/report.server";
import { reportStatusSchema } from "~/schemas/report";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Report");
    const changed = await setReportStatus(id, await readBody(request, reportStatusSchema));
    if (!changed.ok) throw ApiError.refused(reportRefusals[changed.reason]);
    return toReportJson(changed.report);
  },
});
