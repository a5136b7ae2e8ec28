import type { Prisma } from "~/generated/prisma/client";
import { readable, noticeSelect, type NoticeRow } from "~/models/notice-row.server";
import { benchesInTrailOrder, getTrailWithCoordinates } from "~/models/trail.server";
import type { NoticeShow, NoticeState } from "~/schemas/notice";
import { prisma } from "~/utils/db.server";

// Whether a notice is showing is never stored: every read asks the database for the rows whose window
// holds the moment of the read (decision 051), so a notice appears at its start and goes at its end by
// itself, on every instance, with no job to run. Notices are not kept in the versioned caches either: a
// cached copy would outlive an end.

/** The rows showing at `now`: started (or with no start) and not yet ended (or with no end). */
function activeAt(now: Date): Prisma.NoticeWhereInput {
  return {
    AND: [
      { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
      { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    ],
  };
}

export const stateWhere = (now: Date): Record<NoticeShow, Prisma.NoticeWhereInput> => ({
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
export type NoticePlaces = { trailIds?: string[]; benchIds?: string[] };

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
