import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl, noticeAnchors } from "~/lib/navigation";
import { createNoticeFromReport, noticeRefusals, noticesOfReports } from "~/models/notice.server";
import type { SessionUser } from "~/models/session.server";
import {
  countReports,
  getReport,
  listReports,
  reportRefusals,
  setReportStatus,
  toReportView,
  type ReportRow,
} from "~/models/report.server";
import { listTrails } from "~/models/trail.server";
import { isId } from "~/schemas/id";
import { ADMIN_LIST_PAGE, readListPage } from "~/schemas/page";
import { noticeMessages } from "~/schemas/notice";
import { readReportFilters, reportMessages, reportsIntentSchema } from "~/schemas/report";
import { anchors } from "./area";
import { invalid, listPages, refused } from "./area.server";

/**
 * Where the Reports area stands, all of it in the URL: its filters (status, trail, category), the page
 * (cursor, limit) or, from an admin's mail, the one report it shows (id). Every link and form keeps it.
 */
function reportsPlace(url: URL) {
  const filters = readReportFilters(url.searchParams);
  const { cursor, limit } = readListPage(url.searchParams);
  const id = url.searchParams.get("id");
  const one = isId(id) ? id : null;
  return {
    filters,
    take: limit,
    place: {
      status: filters.status ?? null,
      trail: filters.trailId ?? null,
      category: filters.category ?? null,
      id: one,
      cursor: one ? null : cursor,
      limit: limit === ADMIN_LIST_PAGE.defaultSize ? null : String(limit),
    },
  };
}

/**
 * A report as the area shows it: the reporter's name and email (null once their account is deleted) too,
 * and the notice made from it that is showing or upcoming, if any.
 */
const adminView = (row: ReportRow, notices: Map<string, string>) => ({
  ...toReportView(row),
  username: row.username,
  email: row.email,
  noticeId: notices.get(row.id) ?? null,
});

/** Newest first, narrowed by the filters, a page at a time; or the one report ?id= names. */
export async function loadReportsArea(url: URL) {
  const { filters, take, place } = reportsPlace(url);
  const trails = (await listTrails()).map((trail) => ({ value: trail.id, label: trail.name }));
  if (place.id) {
    const report = await getReport(place.id);
    const notices = await noticesOfReports(report ? [report.id] : []);
    return {
      searchError: null,
      place,
      trails,
      single: { found: Boolean(report) },
      reports: report ? [adminView(report, notices)] : [],
      pages: { older: null, newest: null, count: report ? 1 : 0, more: false },
    };
  }
  const [page, count] = await Promise.all([
    listReports({ filters, cursor: place.cursor, take }),
    countReports(filters),
  ]);
  const notices = await noticesOfReports(page.reports.map((row) => row.id));
  return {
    searchError: null,
    place,
    trails,
    single: null,
    reports: page.reports.map((row) => adminView(row, notices)),
    pages: listPages("reports", place, page.next, count, anchors.reportList),
  };
}

export async function reportsAction(request: Request, formData: FormData, admin: SessionUser) {
  // Back to the same page of the same filters (or the one report).
  const back = adminAreaUrl("reports", reportsPlace(new URL(request.url)).place);
  const submission = parseSubmission(formData, { schema: reportsIntentSchema });
  if (submission.status !== "success") return invalid(submission, ["note"]);
  const input = submission.value;
  if (input.intent === "makeNotice") {
    // One press makes the notice; the admin lands on it in the Notices area to adjust it.
    const made = await createNoticeFromReport(admin.id, input.id);
    if (!made.ok) return refused(input.intent, submission, noticeRefusals[made.reason]);
    const message = made.existing ? noticeMessages.alreadyFromReport : noticeMessages.createdFromReport;
    return redirectWithToast(adminAreaUrl("notices", { edit: made.notice.id }), {
      type: "success",
      message,
      anchor: noticeAnchors.edit,
    });
  }
  // The form always sends the note it shows: an emptied box takes the note away.
  const changed = await setReportStatus(input.id, { status: input.status, note: input.note ?? null });
  if (!changed.ok) return refused(input.intent, submission, reportRefusals[changed.reason]);
  return redirectWithToast(back, {
    type: "success",
    message: reportMessages.statusSaved(input.status),
    anchor: anchors.reportRow(input.id),
  });
}
