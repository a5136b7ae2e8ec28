import type { Prisma } from "~/generated/prisma/client";
import { METRES_PER_MILE, pathLengthMetres, stepsFor } from "~/lib/geo";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { isoDay, walkMessages, type WalkInput, type WalkJson } from "~/schemas/walk";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { keysetOrder } from "~/utils/page-cursor.server";
import { WALK_PAGE } from "~/schemas/page";

const walkSelect = {
  id: true,
  trailId: true,
  removedTrailName: true,
  date: true,
  durationSeconds: true,
  distanceMetres: true,
  trail: { select: { name: true, color: true } },
} satisfies Prisma.WalkSelect;

type WalkRow = Prisma.WalkGetPayload<{ select: typeof walkSelect }>;

/** The weeks the My walks chart shows, this week included. */
export const CHART_WEEKS = 8;
const DAY_MS = 86_400_000;

type WalkFailure = "not-found" | "unknown-trail";
type WalkWriteResult = { ok: true; walk: WalkRow } | { ok: false; reason: WalkFailure };

/** Every refusal of a walk change, for the My walks page and the API alike. */
export const walkRefusals = {
  "not-found": { status: 404, message: walkMessages.notFound },
  "unknown-trail": fieldRefusal(400, "trailId", walkMessages.trailUnknown),
} as const satisfies Record<WalkFailure, Refusal>;

async function trailLengthMetres(trailId: string): Promise<number | null> {
  const trail = await prisma.trail.findUnique({
    where: { id: trailId },
    select: { points: { select: { longitude: true, latitude: true }, orderBy: { position: "asc" } } },
  });
  return trail ? pathLengthMetres(trail.points.map((point) => [point.longitude, point.latitude])) : null;
}

/** Keeps a walk for `userId`: the distance given, or else `laps` (default 1) times the trail's length. */
export async function logWalk(userId: string, input: WalkInput): Promise<WalkWriteResult> {
  const length = await trailLengthMetres(input.trailId);
  if (length === null) return { ok: false, reason: "unknown-trail" };
  const distanceMetres =
    input.distanceMiles !== undefined ? input.distanceMiles * METRES_PER_MILE : (input.laps ?? 1) * length;
  try {
    const walk = await prisma.walk.create({
      data: {
        userId,
        trailId: input.trailId,
        date: new Date(`${input.date}T00:00:00Z`),
        durationSeconds:
          input.durationMinutes === undefined ? null : Math.max(1, Math.round(input.durationMinutes * 60)),
        distanceMetres,
      },
      select: walkSelect,
    });
    return { ok: true, walk };
  } catch (error) {
    // The trail was deleted in between.
    if (violates(error, "foreignKey")) return { ok: false, reason: "unknown-trail" };
    throw error;
  }
}

/** Newest day first, then newest logged. */
const walkOrder = keysetOrder<Prisma.WalkWhereInput, Prisma.WalkOrderByWithRelationInput>(
  ["date", "desc", "date"],
  ["createdAt", "desc", "date"],
  ["id", "desc", "text"],
);

type WalkPage = { walks: WalkRow[]; next: string | null };

/**
 * One page of the user's walks, newest day first (then newest logged), `take` at most, starting after
 * `cursor` (from the previous page's `next`; null for the first page, and for a cursor we did not make).
 */
export async function listWalks(
  userId: string,
  { cursor = null, take = WALK_PAGE.defaultSize }: { cursor?: string | null; take?: number } = {},
): Promise<WalkPage> {
  const rows = await prisma.walk.findMany({
    // The trail's name in a second query for the page's rows only: joined in the same query, it was
    // looked up for every walk of the user before the sort and limit.
    relationLoadStrategy: "query",
    where: { userId, ...walkOrder.afterCursor(cursor) },
    orderBy: walkOrder.orderBy,
    take: take + 1,
    select: { ...walkSelect, createdAt: true },
  });
  const page = walkOrder.page(rows, take);
  return { walks: page.rows.map(({ createdAt: _createdAt, ...walk }) => walk), next: page.next };
}

/** One of the user's own walks; someone else's is null, exactly like one that does not exist. */
export function getOwnWalk(userId: string, id: string) {
  return prisma.walk.findFirst({ where: { id, userId }, select: walkSelect });
}

/** True when the user had such a walk; someone else's walk is never touched. */
export async function deleteOwnWalk(userId: string, id: string) {
  return (await prisma.walk.deleteMany({ where: { id, userId } })).count === 1;
}

type Totals = { walks: number; metres: number; steps: number };

/** Monday of the UTC week that holds `day`. */
export function weekStart(day: Date): Date {
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/**
 * Totals this week (from Monday) and this calendar month, and the distance of each of the last
 * CHART_WEEKS weeks, oldest first. Days are the walkers' own dates; "today" is the server's UTC day.
 */
export async function walkSummary(userId: string, today = new Date()) {
  const thisWeek = weekStart(today);
  const firstWeek = new Date(thisWeek.getTime() - (CHART_WEEKS - 1) * 7 * DAY_MS);
  const thisMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  // Summed in SQL, one row per week: the cost does not grow with how many walks the user logged.
  const [weekly, monthly] = await Promise.all([
    prisma.$queryRaw<{ week: string; walks: number; metres: number }[]>`
      SELECT to_char(date_trunc('week', "date"::timestamp), 'YYYY-MM-DD') AS "week", count(*)::int AS "walks", coalesce(sum("distanceMetres"), 0)::float8 AS "metres"
      FROM "Walk" WHERE "userId" = ${userId} AND "date" >= ${firstWeek} GROUP BY 1`,
    prisma.$queryRaw<{ walks: number; metres: number }[]>`
      SELECT count(*)::int AS "walks", coalesce(sum("distanceMetres"), 0)::float8 AS "metres"
      FROM "Walk" WHERE "userId" = ${userId} AND "date" >= ${thisMonth}`,
  ]);
  const totals = (walks: number, metres: number): Totals => ({ walks, metres, steps: Math.round(stepsFor(metres)) });
  const weeks = Array.from({ length: CHART_WEEKS }, (_, index) => {
    const start = isoDay(new Date(firstWeek.getTime() + index * 7 * DAY_MS));
    const row = weekly.find((entry) => entry.week === start);
    return { weekStart: start, ...totals(Number(row?.walks ?? 0), Number(row?.metres ?? 0)) };
  });
  const current = weeks.at(-1)!;
  return {
    week: totals(current.walks, current.metres),
    month: totals(Number(monthly[0]?.walks ?? 0), Number(monthly[0]?.metres ?? 0)),
    weeks,
  };
}

/** The JSON API shape. */
export function toWalkJson(walk: WalkRow): WalkJson {
  return {
    _id: walk.id,
    trailId: walk.trailId,
    // A deleted trail's walks keep its name (decision 078).
    trailName: walk.trail?.name ?? walk.removedTrailName ?? "",
    date: isoDay(walk.date),
    durationMinutes: walk.durationSeconds === null ? null : Math.round((walk.durationSeconds / 60) * 100) / 100,
    distanceMetres: Math.round(walk.distanceMetres * 10) / 10,
    distanceMiles: Math.round((walk.distanceMetres / METRES_PER_MILE) * 1000) / 1000,
    steps: Math.round(stepsFor(walk.distanceMetres)),
  };
}
