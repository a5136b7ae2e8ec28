import { listActiveNotices, nextNoticeChange, noticeState, type NoticePlaces } from "~/models/notice-schedule.server";
import type { NoticeRow } from "~/models/notice-row.server";
import { trailSlug } from "~/models/trail.server";
import { noticeKindLabels, type NoticeKind, type NoticeView } from "~/schemas/notice";
import { type NoticeJson } from "~/schemas/notice-api";

// What the walkers' pages and the API show of a notice.

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
