import type { Prisma } from "~/generated/prisma/client";
import { versionCondition, versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import { readable, readableOne, noticeSelect, type NoticeRow, type Tx } from "~/models/notice-row.server";
import { noticeState, stateWhere } from "~/models/notice-schedule.server";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { noticeFromReport, noticeMessages, type NoticeShow } from "~/schemas/notice";
import { type NoticeInput, type NoticePatch } from "~/schemas/notice-api";
import { LIST_COUNT_CAP, ADMIN_LIST_PAGE } from "~/schemas/page";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { newestFirst } from "~/utils/page-cursor.server";

// Closure and caution notices (docs/features.md): the admins' list, the writes and their refusals. When a
// notice shows is notice-schedule.server.ts, what is shown of it notice-view.server.ts.

type NoticeFailure =
  | { ok: false; reason: "not-found" | "unknown-bench" | "unknown-trail" | "report-not-found" | "report-place-removed" }
  | { ok: false; reason: VersionMismatch | "ends-before-start" | "not-active"; current: NoticeRow };
type NoticeWriteResult = { ok: true; notice: NoticeRow } | NoticeFailure;

/** Every refusal of a notice or a change to one, for the admin pages and the API alike. */
export const noticeRefusals = {
  "not-found": { status: 404, message: noticeMessages.notFound },
  "unknown-bench": fieldRefusal(400, "benchId", noticeMessages.benchUnknown),
  "unknown-trail": fieldRefusal(400, "trailId", noticeMessages.trailUnknown),
  "report-not-found": { status: 404, message: noticeMessages.reportNotFound },
  "report-place-removed": { status: 409, message: noticeMessages.reportPlaceRemoved },
  "ends-before-start": fieldRefusal(400, "endsAt", noticeMessages.endBeforeStart),
  "not-active": { status: 409, message: noticeMessages.notActive },
  stale: { status: 409, message: noticeMessages.stale },
  "precondition-failed": { status: 412, message: noticeMessages.preconditionFailed },
} as const satisfies Record<NoticeFailure["reason"], Refusal>;

type NoticePage = { notices: NoticeRow[]; next: string | null };

const noticeOrder = newestFirst<Prisma.NoticeWhereInput, Prisma.NoticeOrderByWithRelationInput>();

/** One page of notices for the admins, newest first, narrowed to where they stand at `now`. */
export async function listNotices({
  show = "current",
  cursor = null,
  take = ADMIN_LIST_PAGE.defaultSize,
  now = new Date(),
}: { show?: NoticeShow; cursor?: string | null; take?: number; now?: Date } = {}): Promise<NoticePage> {
  const rows = await prisma.notice.findMany({
    where: { AND: [stateWhere(now)[show], noticeOrder.afterCursor(cursor)] },
    orderBy: noticeOrder.orderBy,
    take: take + 1,
    select: noticeSelect,
  });
  const page = noticeOrder.page(await readable(rows), take);
  return { notices: page.rows, next: page.next };
}

/** How many notices the list shows, up to LIST_COUNT_CAP + 1. */
export function countNotices(show: NoticeShow = "current", now = new Date()) {
  return prisma.notice.count({ where: stateWhere(now)[show], take: LIST_COUNT_CAP + 1 });
}

export async function getNotice(id: string) {
  const row = await prisma.notice.findUnique({ where: { id }, select: noticeSelect });
  return row && readableOne(row);
}

/** The bench or trail named does not exist (or went meanwhile). */
function unknownPlace(place: { benchId?: string | null }) {
  return { ok: false as const, reason: place.benchId ? ("unknown-bench" as const) : ("unknown-trail" as const) };
}

/** Posts a notice under the admin who wrote it. The bench or trail must exist. */
export async function createNotice(
  authorId: string | null,
  input: NoticeInput & { reportId?: string },
): Promise<NoticeWriteResult> {
  const place = input.benchId ? { benchId: input.benchId } : { trailId: input.trailId };
  try {
    const notice = await prisma.notice.create({
      data: {
        ...place,
        kind: input.kind,
        message: input.message,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
        createdBy: authorId,
        reportId: input.reportId ?? null,
      },
      select: noticeSelect,
    });
    return { ok: true, notice: await readableOne(notice) };
  } catch (error) {
    if (violates(error, "foreignKey")) return unknownPlace(input);
    throw error;
  }
}

/**
 * Runs `change` on the notice as it is, locked, when the edit's base (EditBase) matches its version, and
 * moves the version on; refused (with the notice as it is) otherwise.
 */
async function editNotice(
  id: string,
  base: EditBase,
  change: (tx: Tx, current: NoticeRow) => Promise<NoticeFailure | Prisma.NoticeUncheckedUpdateManyInput>,
  place: { benchId?: string | null } = {},
): Promise<NoticeWriteResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      // The row lock: a second edit of the same notice waits here, then sees the version this one wrote.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Notice" WHERE "id" = ${id} FOR UPDATE`;
      const row = locked.length > 0 ? await tx.notice.findUnique({ where: { id }, select: noticeSelect }) : null;
      if (!row) return { ok: false, reason: "not-found" } as const;
      const current = await readableOne(row, tx);
      const mismatch = versionMismatch(current.version, base);
      if (mismatch) return { ok: false, reason: mismatch, current } as const;
      const data = await change(tx, current);
      if ("ok" in data) return data;
      const notice = await tx.notice.update({
        where: { id },
        data: { ...data, version: { increment: 1 } },
        select: noticeSelect,
      });
      return { ok: true, notice: await readableOne(notice, tx) } as const;
    });
  } catch (error) {
    if (violates(error, "foreignKey")) return unknownPlace(place);
    throw error;
  }
}

/**
 * Changes the given fields of a notice. A place given moves it there; a time given as null takes it away.
 * The end must stay after the start, however the two were given.
 */
export function updateNotice(id: string, patch: NoticePatch, base: EditBase = {}): Promise<NoticeWriteResult> {
  return editNotice(
    id,
    base,
    async (_tx, current) => {
      const startsAt = patch.startsAt === undefined ? current.startsAt : patch.startsAt;
      const endsAt = patch.endsAt === undefined ? current.endsAt : patch.endsAt;
      if (startsAt && endsAt && endsAt <= startsAt) return { ok: false, reason: "ends-before-start", current };
      const place = patch.benchId
        ? { benchId: patch.benchId, trailId: null }
        : patch.trailId
          ? { trailId: patch.trailId, benchId: null }
          : {};
      return {
        ...place,
        ...(patch.kind ? { kind: patch.kind } : {}),
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...(patch.startsAt !== undefined ? { startsAt } : {}),
        ...(patch.endsAt !== undefined ? { endsAt } : {}),
      };
    },
    patch,
  );
}

/** Ends a showing notice now: walkers stop seeing it, and it stays in the list of ended ones. */
export function endNotice(id: string, base: EditBase = {}, now = new Date()): Promise<NoticeWriteResult> {
  return editNotice(id, base, async (_tx, current) => {
    if (noticeState(current, now) !== "active") return { ok: false, reason: "not-active", current };
    // The end stays after the start, even for one that started this very millisecond.
    const end = current.startsAt && current.startsAt >= now ? new Date(current.startsAt.getTime() + 1) : now;
    return { endsAt: end };
  });
}

/** Deletes a notice, if its version is the one the deletion was based on. */
export async function deleteNotice(id: string, base: EditBase = {}): Promise<{ ok: true } | NoticeFailure> {
  const { count } = await prisma.notice.deleteMany({ where: { id, ...versionCondition(base) } });
  if (count > 0) return { ok: true };
  const current = await getNotice(id);
  if (!current) return { ok: false, reason: "not-found" };
  return { ok: false, reason: versionMismatch(current.version, base) ?? "stale", current };
}

/**
 * "Turn into a notice": a notice on the report's bench or trail, of the kind and with the words its
 * category calls for (noticeFromReport), from now with no end, linked to the report, which moves from
 * open to in progress. In one transaction. A report that already has a notice showing or upcoming gets
 * no second one (a double click, two admins): that one is answered, with `existing`.
 */
export async function createNoticeFromReport(
  authorId: string,
  reportId: string,
  now = new Date(),
): Promise<
  | { ok: true; notice: NoticeRow; existing: boolean }
  | { ok: false; reason: "report-not-found" | "report-place-removed" }
> {
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Report" WHERE "id" = ${reportId} FOR UPDATE`;
    const report =
      locked.length > 0
        ? await tx.report.findUnique({
            where: { id: reportId },
            select: { trailId: true, benchId: true, category: true, status: true },
          })
        : null;
    if (!report) return { ok: false, reason: "report-not-found" } as const;
    if (!report.trailId && !report.benchId) return { ok: false, reason: "report-place-removed" } as const;
    const existing = await tx.notice.findFirst({
      where: { reportId, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
      orderBy: { createdAt: "desc" },
      select: noticeSelect,
    });
    if (existing) return { ok: true, notice: await readableOne(existing, tx), existing: true } as const;
    const { kind, message } = noticeFromReport[report.category];
    const notice = await tx.notice.create({
      data: { trailId: report.trailId, benchId: report.benchId, kind, message, createdBy: authorId, reportId },
      select: noticeSelect,
    });
    if (report.status === "open") await tx.report.update({ where: { id: reportId }, data: { status: "in_progress" } });
    return { ok: true, notice, existing: false } as const;
  });
}

/** The reports (of those given) that have a notice showing or upcoming, and its id. */
export async function noticesOfReports(reportIds: string[], now = new Date()) {
  if (reportIds.length === 0) return new Map<string, string>();
  const rows = await prisma.notice.findMany({
    where: { reportId: { in: reportIds }, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    select: { id: true, reportId: true },
  });
  return new Map(rows.map((row) => [row.reportId!, row.id]));
}
