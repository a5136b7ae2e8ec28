import type { Prisma } from "~/generated/prisma/client";
import { versionCondition, versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { benchesInTrailOrder, getTrailWithCoordinates, trailSlug } from "~/models/trail.server";
import {
  noticeFromReport,
  noticeKindLabels,
  noticeMessages,
  type NoticeInput,
  type NoticeJson,
  type NoticeKind,
  type NoticePatch,
  type NoticeShow,
  type NoticeState,
  type NoticeView,
} from "~/schemas/notice";
import { LIST_COUNT_CAP, ADMIN_LIST_PAGE } from "~/schemas/page";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { newestFirst } from "~/utils/page-cursor.server";

// Closure and caution notices (docs/features.md). Whether a notice is showing is never stored: every
// read asks the database for the rows whose window holds the moment of the read (decision 051), so a
// notice appears at its start and goes at its end by itself, on every instance, with no job to run.
// Notices are not kept in the versioned caches either: a cached copy would outlive an end.

const noticeSelect = {
  id: true,
  trailId: true,
  benchId: true,
  kind: true,
  message: true,
  startsAt: true,
  endsAt: true,
  createdAt: true,
  createdBy: true,
  reportId: true,
  version: true,
  trail: { select: { name: true, slug: true, color: true } },
  bench: { select: { benchNumber: true, location: true } },
  author: { select: { username: true } },
} satisfies Prisma.NoticeSelect;

export type NoticeRow = Prisma.NoticeGetPayload<{ select: typeof noticeSelect }>;

type Tx = Prisma.TransactionClient;

/** JavaScript's own bounds for a Date, in milliseconds either side of 1970. */
const DATE_LIMIT_MS = 8.64e15;

/**
 * The rows with every time readable. The driver reads a timestamp past year 9999 or before year 1 (which
 * the schemas refuse, but an older server or SQL by hand may have stored) as an Invalid Date, which
 * would fail every page that shows the notice; such times are read again as milliseconds, by the database.
 */
type TimedRow = { id: string; startsAt: Date | null; endsAt: Date | null };

async function readable<Row extends TimedRow>(rows: Row[], client: Pick<Tx, "$queryRaw"> = prisma): Promise<Row[]> {
  const invalid = (time: Date | null) => time !== null && Number.isNaN(time.getTime());
  const ids = rows.filter((row) => invalid(row.startsAt) || invalid(row.endsAt)).map((row) => row.id);
  if (ids.length === 0) return rows;
  const times = await client.$queryRaw<{ id: string; startsAt: number | null; endsAt: number | null }[]>`
    SELECT "id", (extract(epoch FROM "startsAt") * 1000)::float8 AS "startsAt", (extract(epoch FROM "endsAt") * 1000)::float8 AS "endsAt"
    FROM "Notice" WHERE "id" = ANY(${ids})`;
  const byId = new Map(times.map((time) => [time.id, time]));
  const toDate = (ms: number | null | undefined) =>
    ms == null ? null : new Date(Math.max(-DATE_LIMIT_MS, Math.min(DATE_LIMIT_MS, ms)));
  return rows.map((row) => {
    const time = byId.get(row.id);
    if (!time) return row;
    return {
      ...row,
      startsAt: invalid(row.startsAt) ? toDate(time.startsAt) : row.startsAt,
      endsAt: invalid(row.endsAt) ? toDate(time.endsAt) : row.endsAt,
    };
  });
}

async function readableOne<Row extends TimedRow>(row: Row, client?: Pick<Tx, "$queryRaw">): Promise<Row> {
  return (await readable([row], client))[0];
}

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

/** The rows showing at `now`: started (or with no start) and not yet ended (or with no end). */
function activeAt(now: Date): Prisma.NoticeWhereInput {
  return {
    AND: [
      { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
      { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    ],
  };
}

const stateWhere = (now: Date): Record<NoticeShow, Prisma.NoticeWhereInput> => ({
  active: activeAt(now),
  upcoming: { startsAt: { gt: now } },
  ended: { endsAt: { lte: now } },
  current: { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
  all: {},
});

/** Where a notice stands at `now`. */
export function noticeState(row: Pick<NoticeRow, "startsAt" | "endsAt">, now = new Date()): NoticeState {
  if (row.endsAt && row.endsAt <= now) return "ended";
  if (row.startsAt && row.startsAt > now) return "upcoming";
  return "active";
}

/** The notices of some places: a trail's own and those of the benches on it, or one bench's. */
type NoticePlaces = { trailIds?: string[]; benchIds?: string[] };

function placeWhere(places: NoticePlaces | undefined): Prisma.NoticeWhereInput {
  if (!places) return {};
  return { OR: [{ trailId: { in: places.trailIds ?? [] } }, { benchId: { in: places.benchIds ?? [] } }] };
}

/** A trail's places: the trail itself and the benches on it (set for it or within 30 m of it). */
export async function placesOfTrail(trailId: string): Promise<NoticePlaces> {
  const trail = await getTrailWithCoordinates(trailId);
  const benchIds = trail ? (await benchesInTrailOrder(trail)).map((stop) => stop.bench.id) : [];
  return { trailIds: [trailId], benchIds };
}

/** The notices showing at `now` (of `places`, or everywhere), closures first, then the newest. */
export async function listActiveNotices(places?: NoticePlaces, now = new Date()) {
  const rows = await prisma.notice.findMany({
    where: { AND: [activeAt(now), placeWhere(places)] },
    orderBy: [{ kind: "asc" }, { createdAt: "desc" }, { id: "desc" }],
    take: 500,
    select: noticeSelect,
  });
  return readable(rows);
}

/**
 * The next moment after `now` at which a notice of `places` starts or ends, or null: a page open in a
 * browser reloads its data then, so a notice comes and goes on screen without anyone acting.
 */
export async function nextNoticeChange(places?: NoticePlaces, now = new Date()): Promise<Date | null> {
  const where = placeWhere(places);
  const [starting, ending] = await Promise.all([
    prisma.notice.findFirst({
      where: { AND: [where, { startsAt: { gt: now } }] },
      orderBy: { startsAt: "asc" },
      select: { startsAt: true },
    }),
    prisma.notice.findFirst({
      where: { AND: [where, { endsAt: { gt: now } }] },
      orderBy: { endsAt: "asc" },
      select: { endsAt: true },
    }),
  ]);
  // A time the driver cannot read lies past year 9999 (those before now are not asked for): no reload for it.
  const times = [starting?.startsAt, ending?.endsAt].filter(
    (time): time is Date => Boolean(time) && !Number.isNaN(time!.getTime()),
  );
  return times.length > 0 ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
}

/** A place's strongest notice as a map or a list marks it: the kind, and the message beside it. */
export type NoticeMarkData = { kind: NoticeKind; message: string };

/**
 * What a walker's page shows of the notices of `places` (or of all places) at `now`: the banner's notices
 * (closures first), each bench's and trail's mark (its closure, else its caution), and when the next one
 * starts or ends, for the page to reload then.
 */
export async function noticesForWalkers(places?: NoticePlaces, now = new Date()) {
  const [rows, next] = await Promise.all([listActiveNotices(places, now), nextNoticeChange(places, now)]);
  const benchMarks: Record<string, NoticeMarkData> = {};
  const trailMarks: Record<string, NoticeMarkData> = {};
  // Closures come first, so a place's first notice is its strongest.
  for (const row of rows) {
    if (row.benchId) benchMarks[row.benchId] ??= { kind: row.kind, message: row.message };
    if (row.trailId) trailMarks[row.trailId] ??= { kind: row.kind, message: row.message };
  }
  return { notices: rows.map(toNoticeView), benchMarks, trailMarks, nextChangeAt: next?.toISOString() ?? null };
}

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

/** How a notice names its place: "Bench 3" or "Gold Trail", with its page. */
function placeOf(row: NoticeRow): NoticeView["place"] {
  if (row.bench)
    return {
      name: `Bench ${row.bench.benchNumber}`,
      href: `/benches/${row.benchId}`,
      benchId: row.benchId,
      trailId: null,
    };
  return {
    name: row.trail?.name ?? "",
    href: row.trail ? `/trails/${trailSlug(row.trail)}` : "/trails",
    benchId: null,
    trailId: row.trailId,
  };
}

/** A notice as the walkers' pages show it. */
export function toNoticeView(row: NoticeRow): NoticeView {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    place: placeOf(row),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

/** The API's notice object. */
export function toNoticeJson(row: NoticeRow, now = new Date()): NoticeJson {
  return {
    _id: row.id,
    kind: row.kind,
    kindLabel: noticeKindLabels[row.kind],
    message: row.message,
    trailId: row.trailId,
    trailName: row.trail?.name ?? null,
    benchId: row.benchId,
    benchNumber: row.bench?.benchNumber ?? null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    state: noticeState(row, now),
    reportId: row.reportId,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
