import {
  AGE_BANDS,
  MIN_GROUP_SIZE,
  NOT_GIVEN,
  TOP_VIDEOS,
  type VideoAnalyticsList,
  type VideoAnalyticsSort,
} from "~/schemas/analytics";
import { COMMUNITY_OPTIONS, ETHNICITIES, GENDERS } from "~/schemas/user";
import { prisma } from "~/utils/db.server";
import { CHART_WEEKS, weekStart } from "~/models/walk.server";
import { compareTrailsForDisplay } from "~/lib/geo";
import { isoDay } from "~/schemas/walk";

type VideoStats = { id: string; title: string; subCategory: string; views: number; likes: number; dislikes: number };

/**
 * Per-video views, likes and dislikes in the requested order (title breaks ties), with the totals. Videos
 * nobody has viewed, liked or disliked are one group (`idle`, by title) rather than rows of zeros; of the
 * others, `list: "top"` returns the first TOP_VIDEOS and counts the rest in `more`.
 */
export async function getVideoAnalytics({ sort, dir }: VideoAnalyticsSort, list: VideoAnalyticsList = "all") {
  const [videos, totals] = await Promise.all([
    prisma.video.findMany({
      select: { id: true, title: true, subCategory: true, views: true, likes: true, dislikes: true },
      orderBy: [{ [sort]: dir }, { title: "asc" }, { id: "asc" }],
    }),
    prisma.video.aggregate({ _count: { _all: true }, _sum: { views: true, likes: true, dislikes: true } }),
  ]);
  const hasActivity = (video: VideoStats) => video.views > 0 || video.likes > 0 || video.dislikes > 0;
  const active = videos.filter(hasActivity);
  const idle = videos.filter((video) => !hasActivity(video)).map((video) => video.title);
  const shown = list === "all" ? active : active.slice(0, TOP_VIDEOS);
  return {
    videos: shown,
    more: active.length - shown.length,
    active: active.length,
    idle: { count: idle.length, titles: idle.toSorted((a, b) => a.localeCompare(b)) },
    totals: {
      videos: totals._count._all,
      views: totals._sum.views ?? 0,
      likes: totals._sum.likes ?? 0,
      dislikes: totals._sum.dislikes ?? 0,
    },
  };
}

/** One bar of a demographic chart. `count` is null when the group is too small to show (1 to 4 people). */
export type DemographicGroup = { label: string; count: number | null };

/**
 * Complementary suppression (decision 045). Hiding only the small cells is not enough when a total is
 * shown: with one hidden cell, the total minus the visible cells is that cell; with two hidden 1s, or
 * three hidden 4s, the hidden sum pins each down. So the smallest visible non-zero cell is hidden too
 * until at least two cells are hidden, they add up to at least MIN_GROUP_SIZE, and one of them is not
 * small (so no hidden small group can be worked out from the sum). When none is left, the total is hidden.
 */
export function complementarySuppression(values: readonly number[], primary: readonly boolean[]) {
  const hidden = [...primary];
  if (!hidden.some(Boolean)) return { hidden, hideTotal: false };
  const hiddenCount = () => hidden.filter(Boolean).length;
  const hiddenSum = () => values.reduce((sum, value, index) => sum + (hidden[index] ? value : 0), 0);
  const hidesALargeCell = () => hidden.some((isHidden, index) => isHidden && !primary[index]);
  while (hiddenCount() < 2 || hiddenSum() < MIN_GROUP_SIZE || !hidesALargeCell()) {
    let next = -1;
    values.forEach((value, index) => {
      if (!hidden[index] && value > 0 && (next < 0 || value < values[next])) next = index;
    });
    if (next < 0) return { hidden, hideTotal: true };
    hidden[next] = true;
  }
  return { hidden, hideTotal: false };
}

/** One dimension's bars: groups of 1 to 4 people hidden, and what would let anyone work them out. */
function protectGroups(labels: readonly string[], counts: readonly number[]) {
  const { hidden, hideTotal } = complementarySuppression(
    counts,
    counts.map((count) => count > 0 && count < MIN_GROUP_SIZE),
  );
  return {
    groups: labels.map((label, index): DemographicGroup => ({ label, count: hidden[index] ? null : counts[index] })),
    hideTotal,
  };
}

/**
 * The known values in their form order (zero rows included so the chart always has the same bars),
 * then any other stored value, then 'Not given' for users who left the field empty.
 */
function toGroups(known: readonly string[], rows: { value: string | null; count: number }[]) {
  const counts = new Map<string | null, number>();
  for (const row of rows) counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
  const others = [...counts.keys()].filter((value): value is string => value !== null && !known.includes(value)).sort();
  const values = [...known, ...others];
  return protectGroups(
    [...values, NOT_GIVEN],
    [...values.map((value) => counts.get(value) ?? 0), counts.get(null) ?? 0],
  );
}

export function ageBandOf(age: number | null): string {
  if (age === null) return NOT_GIVEN;
  return AGE_BANDS.find((band) => age >= band.min && age <= band.max)?.label ?? NOT_GIVEN;
}

/** Users by gender, age band, ethnicity and community; small groups suppressed, with their complements. */
export async function getUserDemographics() {
  const [gender, ethnicity, community, ages, total] = await Promise.all([
    prisma.user.groupBy({ by: ["gender"], _count: { _all: true } }),
    prisma.user.groupBy({ by: ["ethnicity"], _count: { _all: true } }),
    prisma.user.groupBy({ by: ["community"], _count: { _all: true } }),
    prisma.user.groupBy({ by: ["age"], _count: { _all: true } }),
    prisma.user.count(),
  ]);
  const bandCounts = new Map<string, number>();
  for (const row of ages) {
    const band = ageBandOf(row.age);
    bandCounts.set(band, (bandCounts.get(band) ?? 0) + row._count._all);
  }
  const bandLabels = [...AGE_BANDS.map((band) => band.label), NOT_GIVEN];
  const dimensions = {
    gender: toGroups(
      GENDERS,
      gender.map((row) => ({ value: row.gender, count: row._count._all })),
    ),
    ageBand: protectGroups(
      bandLabels,
      bandLabels.map((label) => bandCounts.get(label) ?? 0),
    ),
    ethnicity: toGroups(
      ETHNICITIES,
      ethnicity.map((row) => ({ value: row.ethnicity, count: row._count._all })),
    ),
    community: toGroups(
      COMMUNITY_OPTIONS,
      community.map((row) => ({ value: row.community, count: row._count._all })),
    ),
  };
  // Every dimension adds up to the same total: hiding it for one hides it for all.
  const hideTotal = total < MIN_GROUP_SIZE || Object.values(dimensions).some((dimension) => dimension.hideTotal);
  return {
    total: hideTotal ? null : total,
    gender: dimensions.gender.groups,
    ageBand: dimensions.ageBand.groups,
    ethnicity: dimensions.ethnicity.groups,
    community: dimensions.community.groups,
  };
}

/** One trail's walks in one week (or in all); walks and metres are null when 1 to 4 people walked them. */
export type WalkGroup = { walks: number | null; metres: number | null };

function suppressWalks(walkers: number, walks: number, metres: number): WalkGroup {
  return walkers > 0 && walkers < MIN_GROUP_SIZE ? { walks: null, metres: null } : { walks, metres };
}

type WalkGroupRow = { trailId: string; week: string; walks: number; walkers: number; metres: number };

/**
 * Walks per trail in each of the last CHART_WEEKS weeks (Monday to Sunday, oldest first) and in all, with
 * their total distance. A group walked by fewer than 5 people shows neither its walks nor its distance.
 */
export async function getWalkAnalytics(today = new Date()) {
  const firstWeek = new Date(weekStart(today).getTime() - (CHART_WEEKS - 1) * 7 * 86_400_000);
  const [trails, weekly, overallRows] = await Promise.all([
    prisma.trail.findMany({ select: { id: true, name: true, color: true } }),
    prisma.$queryRaw<WalkGroupRow[]>`
      SELECT "trailId", to_char(date_trunc('week', "date"), 'YYYY-MM-DD') AS "week",
             count(*)::int AS "walks", count(DISTINCT "userId")::int AS "walkers", sum("distanceMetres")::float8 AS "metres"
      FROM "Walk" WHERE "date" >= ${firstWeek} GROUP BY 1, 2`,
    prisma.$queryRaw<Omit<WalkGroupRow, "week">[]>`
      SELECT "trailId", count(*)::int AS "walks", count(DISTINCT "userId")::int AS "walkers", sum("distanceMetres")::float8 AS "metres"
      FROM "Walk" GROUP BY 1`,
  ]);
  const weeks = Array.from({ length: CHART_WEEKS }, (_, index) =>
    isoDay(new Date(firstWeek.getTime() + index * 7 * 86_400_000)),
  );
  const group = (row: Omit<WalkGroupRow, "week"> | undefined) =>
    row ? suppressWalks(Number(row.walkers), Number(row.walks), Number(row.metres)) : { walks: 0, metres: 0 };
  return {
    weeks,
    trails: trails.sort(compareTrailsForDisplay).map((trail) => {
      const rows = weeks.map((week) => weekly.find((row) => row.trailId === trail.id && row.week === week));
      const overall = overallRows.find((row) => row.trailId === trail.id);
      // The total minus the visible weeks must not give away a hidden week's walks or distance.
      const { hidden, hideTotal } = complementarySuppression(
        rows.map((row) => Number(row?.walks ?? 0)),
        rows.map((row) => row !== undefined && Number(row.walkers) < MIN_GROUP_SIZE),
      );
      const hiddenGroup: WalkGroup = { walks: null, metres: null };
      return {
        id: trail.id,
        name: trail.name,
        color: trail.color,
        perWeek: rows.map((row, index) => (hidden[index] ? hiddenGroup : group(row))),
        total: hideTotal ? hiddenGroup : group(overall),
      };
    }),
  };
}
