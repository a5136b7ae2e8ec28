import type { Prisma } from "~/generated/prisma/client";
import { reportAnchors } from "~/lib/navigation";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { benchesInTrailOrder, getTrailWithCoordinates, trailSlug } from "~/models/trail.server";
import {
  REPORT_API_PAGE,
  reportCategoryLabels,
  reportMessages,
  type ReportFilters,
  type ReportInput,
  type ReportJson,
  type ReportStatus,
  type ReportView,
} from "~/schemas/report";
import { runAfterAnswer } from "~/utils/background.server";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";
import { newestFirst } from "~/utils/page-cursor.server";
import { LIST_COUNT_CAP } from "~/schemas/page";

const reportSelect = {
  id: true,
  userId: true,
  username: true,
  email: true,
  benchId: true,
  trailId: true,
  category: true,
  description: true,
  status: true,
  note: true,
  removedBenchNumber: true,
  removedTrailName: true,
  createdAt: true,
  updatedAt: true,
  bench: { select: { benchNumber: true, location: true } },
  trail: { select: { name: true, slug: true, color: true } },
} satisfies Prisma.ReportSelect;

export type ReportRow = Prisma.ReportGetPayload<{ select: typeof reportSelect }>;

type ReportFailure = "not-found" | "unknown-bench" | "unknown-trail";
type ReportWriteResult = { ok: true; report: ReportRow } | { ok: false; reason: ReportFailure };

/** Every refusal of a report or a change to one, for the pages and the API alike. */
export const reportRefusals = {
  "not-found": { status: 404, message: reportMessages.notFound },
  "unknown-bench": fieldRefusal(400, "benchId", reportMessages.benchUnknown),
  "unknown-trail": fieldRefusal(400, "trailId", reportMessages.trailUnknown),
} as const satisfies Record<ReportFailure, Refusal>;

/** Where a report's problem is, as a mail says it: "at Bench 3" or "on the Gold Trail". */
function reportWhere(row: Pick<ReportRow, "bench" | "trail">) {
  if (row.bench) return `at Bench ${row.bench.benchNumber}`;
  return row.trail ? `on the ${row.trail.name}` : "";
}

/** How a page names a report's place once it is deleted: "Bench 4 (removed)", "Gold Trail (removed)". */
function removedPlaceName(row: Pick<ReportRow, "removedBenchNumber" | "removedTrailName">) {
  if (row.removedBenchNumber !== null) return `Bench ${row.removedBenchNumber} (removed)`;
  return row.removedTrailName !== null ? `${row.removedTrailName} (removed)` : null;
}

/**
 * Keeps a report under the account that sent it (its username and email at the time, as for feedback)
 * and, unless REPORT_MAIL is off, mails the admins after the answer. The bench or trail must exist.
 */
export async function createReport(
  author: { id: string; username: string; email: string },
  input: ReportInput,
): Promise<ReportWriteResult> {
  const place = input.benchId ? { benchId: input.benchId } : { trailId: input.trailId };
  try {
    const report = await prisma.report.create({
      data: {
        userId: author.id,
        username: author.username,
        email: author.email,
        ...place,
        category: input.category,
        description: input.description,
      },
      select: reportSelect,
    });
    if (env.REPORT_MAIL) runAfterAnswer("report mail", () => mailAdminsAboutReport(report.id));
    return { ok: true, report };
  } catch (error) {
    // The bench or trail does not exist, or was deleted in between.
    if (violates(error, "foreignKey")) return { ok: false, reason: input.benchId ? "unknown-bench" : "unknown-trail" };
    throw error;
  }
}

/** Where the admins open one report: the Reports area showing it alone. Mails name it from APP_URL only. */
function adminReportPath(id: string) {
  return `/adminControlPanel?${new URLSearchParams({ option: "reports", id })}#${reportAnchors.card(id)}`;
}

/**
 * Mails every administrator, one mail each (no admin sees the others' addresses), that a report came in,
 * with a link straight to it. The mail names the category and the place, which are ours; never the
 * description or the reporter, which are read behind the sign-in (decision 050). Returns how many mails
 * went; a mail that fails is logged by its error code and the others still go.
 */
export async function mailAdminsAboutReport(id: string) {
  const [report, admins] = await Promise.all([
    prisma.report.findUnique({
      where: { id },
      select: { id: true, category: true, createdAt: true, bench: reportSelect.bench, trail: reportSelect.trail },
    }),
    prisma.user.findMany({ where: { role: "Admin" }, select: { email: true }, orderBy: { createdAt: "asc" } }),
  ]);
  if (!report) return 0;
  const category = reportCategoryLabels[report.category];
  const where = reportWhere(report);
  const link = new URL(adminReportPath(report.id), env.APP_URL).toString();
  const mail = {
    subject: `New report: ${category} ${where}`,
    text: [
      "Hello,",
      "",
      `Someone reported a problem: ${category}, ${where}${report.bench ? ` (${report.bench.location})` : ""}.`,
      "",
      "Read it and answer it in the Reports area:",
      "",
      link,
      "",
      "You receive this mail because you are an administrator of Walking Trails.",
    ].join("\n"),
  };
  let sent = 0;
  for (const admin of admins) {
    try {
      await sendMail({ to: admin.email, ...mail });
      sent++;
    } catch (error) {
      // The error's own message may quote the recipient; its code says what went wrong well enough.
      const code = (error as { code?: unknown }).code;
      log("error", "report mail failed", {
        error: typeof code === "string" ? code : error instanceof Error ? error.name : "unknown",
      });
    }
  }
  return sent;
}

/**
 * The rows a list's filters select. A trail's filter takes in the reports at its benches too: those set
 * for the trail and those within 30 m of it, the rule of the trail's page and the walk companion.
 */
async function filterWhere({ status, category, trailId }: ReportFilters): Promise<Prisma.ReportWhereInput> {
  let place: Prisma.ReportWhereInput | undefined;
  if (trailId) {
    const trail = await getTrailWithCoordinates(trailId);
    const benchIds = trail ? (await benchesInTrailOrder(trail)).map((stop) => stop.bench.id) : [];
    place = benchIds.length > 0 ? { OR: [{ trailId }, { benchId: { in: benchIds } }] } : { trailId };
  }
  return { ...(status ? { status } : {}), ...(category ? { category } : {}), ...place };
}

type ReportPage = { reports: ReportRow[]; next: string | null };

const reportOrder = newestFirst<Prisma.ReportWhereInput, Prisma.ReportOrderByWithRelationInput>();

/**
 * One page of reports, newest first, `take` at most, after `cursor` (from the previous page's `next`;
 * null for the first page, and for a cursor we did not make): one person's own (`userId`) or everyone's,
 * narrowed by the filters.
 */
export async function listReports({
  userId,
  filters = {},
  cursor = null,
  take = REPORT_API_PAGE.defaultSize,
}: { userId?: string; filters?: ReportFilters; cursor?: string | null; take?: number } = {}): Promise<ReportPage> {
  const where = { AND: [userId ? { userId } : {}, await filterWhere(filters)] };
  const page = await reportOrder.findPage({ where, cursor, take }, (args) =>
    prisma.report.findMany({ ...args, select: reportSelect }),
  );
  return { reports: page.rows, next: page.next };
}

/** How many reports the filters select (the admin area's count), up to LIST_COUNT_CAP + 1: more reads as "more than". */
export async function countReports(filters: ReportFilters = {}) {
  return prisma.report.count({ where: await filterWhere(filters), take: LIST_COUNT_CAP + 1 });
}

export function getReport(id: string) {
  return prisma.report.findUnique({ where: { id }, select: reportSelect });
}

/** Open and in-progress reports: what the admins still have to do. */
export function countUnresolvedReports() {
  return prisma.report.count({ where: { status: { not: "resolved" } } });
}

/**
 * Sets a report's status and the note its reporter reads: `note` undefined keeps the note, "" or null
 * takes it away.
 */
export async function setReportStatus(
  id: string,
  { status, note }: { status: ReportStatus; note?: string | null },
): Promise<ReportWriteResult> {
  const { count } = await prisma.report.updateMany({
    where: { id },
    data: { status, ...(note === undefined ? {} : { note: note || null }) },
  });
  const report = count === 1 ? await getReport(id) : null;
  return report ? { ok: true, report } : { ok: false, reason: "not-found" };
}

type Tx = Prisma.TransactionClient;

/**
 * Inside the caller's transaction, before an account is deleted: its reports stay for the admins (the
 * problem is still there), without the name and email, as for feedback.
 */
export async function eraseReportAuthor(tx: Tx, userId: string) {
  await tx.report.updateMany({ where: { userId }, data: { username: null, email: null } });
}

/** A report as its pages show it, with the address of its bench's or trail's page. */
export function toReportView(row: ReportRow): ReportView {
  const removed = removedPlaceName(row);
  const place = row.bench
    ? { href: `/benches/${row.benchId}`, name: `Bench ${row.bench.benchNumber}`, detail: row.bench.location }
    : row.trail
      ? { href: `/trails/${trailSlug(row.trail)}`, name: row.trail.name, detail: null }
      : removed
        ? { href: null, name: removed, detail: null }
        : null;
  return {
    id: row.id,
    category: row.category,
    description: row.description,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    place,
  };
}

/** The API's report object. */
export function toReportJson(row: ReportRow): ReportJson {
  return {
    _id: row.id,
    category: row.category,
    categoryLabel: reportCategoryLabels[row.category],
    description: row.description,
    status: row.status,
    note: row.note,
    benchId: row.benchId,
    benchNumber: row.bench?.benchNumber ?? row.removedBenchNumber,
    trailId: row.trailId,
    trailName: row.trail?.name ?? row.removedTrailName,
    username: row.username,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
