import { apiJson, apiPage, ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody, readQuery } from "~/http/api-input.server";
import { requireApiQuota, requireApiUser } from "~/http/api-auth.server";
import { createReport, listReports, reportRefusals, toReportJson } from "~/models/report.server";
import { reportInputSchema, reportListQuerySchema } from "~/schemas/report";

export const { loader, action } = apiRoute({
  // A User's own reports; an Admin's list is everyone's. Both narrowed by the same filters.
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { cursor, limit, ...filters } = readQuery(request, reportListQuerySchema);
    const page = await listReports({
      userId: user.role === "Admin" ? undefined : user.id,
      filters,
      cursor,
      take: limit,
    });
    return apiPage(page.reports.map(toReportJson), { path: "/api/reports", next: page.next, limit, query: filters });
  },
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const input = await readBody(request, reportInputSchema);
    await requireApiQuota(request, "report", user.id);
    const created = await createReport(user, input);
    if (!created.ok) throw ApiError.refused(reportRefusals[created.reason]);
    return apiJson(toReportJson(created.report), { status: 201 });
  },
});
