import type { Prisma } from "~/generated/prisma/client";
import { isStepFree, type LightingLevel, type ShadeLevel, type Surface, type TrailFacts } from "~/lib/facts";
import { compareTrailsForDisplay, type LonLat } from "~/lib/geo";
import { benchPlaces } from "~/lib/trail-guide";
import { benchesAlongTrail, trailLine } from "~/lib/trail-walk";
import { listBenches } from "~/models/bench.server";
import { versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import type { Refusal } from "~/models/refusal";
import type { TrailFactsUpdate } from "~/schemas/facts";
import { trailMessages, type TrailJson } from "~/schemas/trail";
import { trailPathMessages } from "~/schemas/trail-path";
import { prisma } from "~/utils/db.server";
import { versionedCache, type DataVersions } from "~/utils/versioned-cache.server";

const trailSummarySelect = {
  id: true,
  name: true,
  color: true,
  version: true,
} satisfies Prisma.TrailSelect;

export type TrailSummary = Prisma.TrailGetPayload<{ select: typeof trailSummarySelect }>;
type TrailWithCoordinates = TrailSummary & { coordinates: LonLat[]; facts: TrailFacts };

const trailFactsSelect = {
  surface: true,
  steps: true,
  stepsLocation: true,
  steepestGradePercent: true,
  shade: true,
  lighting: true,
  restrooms: true,
  water: true,
} satisfies Prisma.TrailSelect;

const withCoordinatesSelect = {
  ...trailSummarySelect,
  ...trailFactsSelect,
  points: { select: { longitude: true, latitude: true }, orderBy: { position: "asc" } },
} satisfies Prisma.TrailSelect;

type TrailRow = Prisma.TrailGetPayload<{ select: typeof withCoordinatesSelect }>;

function toTrailWithCoordinates({ id, name, color, version, points, ...facts }: TrailRow): TrailWithCoordinates {
  return {
    id,
    name,
    color,
    version,
    coordinates: points.map((point): LonLat => [point.longitude, point.latitude]),
    // The columns hold only what the facts schema let through.
    facts: {
      ...facts,
      surface: facts.surface as Surface | null,
      shade: facts.shade as ShadeLevel | null,
      lighting: facts.lighting as LightingLevel | null,
    },
  };
}

// Trails change only when an admin edits them: every trail with its path is kept in memory (a few
// hundred points) and reloaded when the database's trails version moves. Values are shared: never mutate.
// Every reader below takes the request's data versions when its caller has them (dataVersionsOf in
// app/http/auth.server.ts): the trails are then checked against those instead of a version query.
const allTrails = versionedCache("trails", async (): Promise<TrailWithCoordinates[]> => {
  const trails = await prisma.trail.findMany({ select: withCoordinatesSelect, orderBy: { name: "asc" } });
  return trails.map(toTrailWithCoordinates).sort(compareTrailsForDisplay);
});

/** Every trail, without coordinates, in display order: gold, green, gray, then any others by name. */
export async function listTrails(versions?: DataVersions): Promise<TrailSummary[]> {
  return (await allTrails(versions)).map(({ id, name, color, version }) => ({ id, name, color, version }));
}

/** One trail with its path as [longitude, latitude] pairs in path order; null when there is no such trail. */
export async function getTrailWithCoordinates(
  id: string,
  versions?: DataVersions,
): Promise<TrailWithCoordinates | null> {
  return (await allTrails(versions)).find((trail) => trail.id === id) ?? null;
}

/** Every trail with its path, in display order. */
export async function listTrailsWithCoordinates(versions?: DataVersions): Promise<TrailWithCoordinates[]> {
  return allTrails(versions);
}

/** The trail whose page is /trails/{slug}: the slug is its colour ("gold"), any case; its id works too. */
export async function getTrailBySlug(slug: string, versions?: DataVersions): Promise<TrailWithCoordinates | null> {
  const wanted = slug.toLowerCase();
  return (await allTrails(versions)).find((trail) => trailSlug(trail) === wanted || trail.id === slug) ?? null;
}

export function trailSlug(trail: { color: string }) {
  return trail.color.toLowerCase();
}

/**
 * Every bench with its place on each trail it belongs to ("Bench n of m on the Gold Trail", the benches
 * before and after it): what a bench's page and the QR code sheet both say. Worked out once for all.
 */
export async function benchesWithPlaces(versions?: DataVersions) {
  const [trails, benches] = await Promise.all([allTrails(versions), listBenches(versions)]);
  return benches.map((bench) => ({
    bench,
    places: benchPlaces(trails, benches, bench.id).map(({ trailId, ...place }) => {
      const trail = trails.find((candidate) => candidate.id === trailId)!;
      return { trailId, trailName: trail.name, slug: trailSlug(trail), ...place };
    }),
  }));
}

/**
 * A trail's benches in walking order with their distance from the start: those set for it and those
 * within 30 m of it (the walk companion's rule), so a bench moved beside a trail is on it. `source`: the
 * benches when the caller holds them already, or the request's data versions to read them at.
 */
export async function benchesInTrailOrder(
  trail: TrailWithCoordinates,
  source?: Awaited<ReturnType<typeof listBenches>> | DataVersions,
) {
  const benches = Array.isArray(source) ? source : await listBenches(source);
  return benchesAlongTrail(trailLine(trail.coordinates), trail.id, benches);
}

// ---------------------------------------------------------------------------------------------------
// Edits: coordinates and facts. Each runs in one transaction holding the trail's row lock, so concurrent
// edits of one trail apply one after another; each bumps Trail.version so an edit based on an older view
// of the trail (EditBase: a form's or body's version, or an API client's If-Match) is refused instead of
// being applied over a newer change.

type Tx = Prisma.TransactionClient;

type TrailWriteFailure = "not-found" | "index-out-of-range" | "upload-gone" | VersionMismatch;
export type TrailWriteResult = { ok: true; trail: TrailWithCoordinates } | { ok: false; reason: TrailWriteFailure };

/** Every refusal of a trail read or edit, for the admin page and the API alike. */
export const trailRefusals = {
  "not-found": { status: 404, message: trailMessages.notFound },
  "index-out-of-range": { status: 404, message: trailMessages.indexOutOfRange },
  // Replacing the path from an upload that was applied, cancelled or swept meanwhile.
  "upload-gone": { status: 404, message: trailPathMessages.uploadGone },
  stale: { status: 409, message: trailMessages.stale },
  "precondition-failed": { status: 412, message: trailMessages.preconditionFailed },
  // A stale save of the facts form, which is about no coordinates.
  "stale-facts": { status: 409, message: trailMessages.staleFacts },
} as const satisfies Record<TrailWriteFailure | "stale-facts", Refusal>;

// Generous limits: requests wait their turn behind the trail lock instead of failing.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

/**
 * Without an expected version or If-Match the edit applies to the trail as it is then (last write wins).
 * `edit` answers false for a position that is not there, or the reason it refused.
 */
async function editTrail(
  trailId: string,
  base: EditBase,
  edit: (tx: Tx, pointCount: number) => Promise<boolean | "upload-gone">,
): Promise<TrailWriteResult> {
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ version: number }[]>`
      SELECT "version" FROM "Trail" WHERE "id" = ${trailId} FOR UPDATE`;
    if (!locked) return { ok: false, reason: "not-found" } as const;
    const mismatch = versionMismatch(locked.version, base);
    if (mismatch) return { ok: false, reason: mismatch } as const;
    const pointCount = await tx.trailPoint.count({ where: { trailId } });
    const edited = await edit(tx, pointCount);
    if (edited !== true) return { ok: false, reason: edited || "index-out-of-range" } as const;
    const trail = await tx.trail.update({
      where: { id: trailId },
      data: { version: { increment: 1 } },
      select: withCoordinatesSelect,
    });
    return { ok: true, trail: toTrailWithCoordinates(trail) } as const;
  }, TRANSACTION_OPTIONS);
}

/** Moves every point at or after `from` by `delta` (±1) without ever colliding with @@unique(trailId, position). */
async function shiftPositions(tx: Tx, trailId: string, from: number, delta: 1 | -1) {
  // First out of the way (negative positions are never used), then to their new places.
  await tx.$executeRaw`
    UPDATE "TrailPoint" SET "position" = -1 - "position" WHERE "trailId" = ${trailId} AND "position" >= ${from}`;
  await tx.$executeRaw`
    UPDATE "TrailPoint" SET "position" = -1 - "position" + ${delta} WHERE "trailId" = ${trailId} AND "position" < 0`;
}

/** Replaces the point at `index` (0-based). */
export function updateCoordinate(
  trailId: string,
  index: number,
  { latitude, longitude }: { latitude: number; longitude: number },
  base: EditBase = {},
) {
  return editTrail(trailId, base, async (tx, count) => {
    if (!Number.isInteger(index) || index < 0 || index >= count) return false;
    await tx.trailPoint.update({
      where: { trailId_position: { trailId, position: index } },
      data: { latitude, longitude },
    });
    return true;
  });
}

/** Inserts a point at `index` (0..length; length appends): "Insert Below" row i is index i + 1. */
export function insertCoordinate(trailId: string, index: number, [longitude, latitude]: LonLat, base: EditBase = {}) {
  return editTrail(trailId, base, async (tx, count) => {
    if (!Number.isInteger(index) || index < 0 || index > count) return false;
    if (index < count) await shiftPositions(tx, trailId, index, 1);
    await tx.trailPoint.create({ data: { trailId, position: index, longitude, latitude } });
    return true;
  });
}

/** Removes the point at `index`; the following points move up one place. */
export function deleteCoordinate(trailId: string, index: number, base: EditBase = {}) {
  return editTrail(trailId, base, async (tx, count) => {
    if (!Number.isInteger(index) || index < 0 || index >= count) return false;
    await tx.trailPoint.delete({ where: { trailId_position: { trailId, position: index } } });
    if (index < count - 1) await shiftPositions(tx, trailId, index + 1, -1);
    return true;
  });
}

/**
 * Replaces the whole path with `coordinates` (already checked: at least two, on campus). `claim` runs
 * first in the same transaction and answers whether the upload they came from was still waiting (it
 * deletes it), so an upload is applied once, and nothing is written when it was not.
 */
export function replaceTrailPath(
  trailId: string,
  coordinates: readonly LonLat[],
  base: EditBase,
  claim: (tx: Tx) => Promise<boolean>,
) {
  return editTrail(trailId, base, async (tx) => {
    if (!(await claim(tx))) return "upload-gone";
    await tx.trailPoint.deleteMany({ where: { trailId } });
    await tx.trailPoint.createMany({
      data: coordinates.map(([longitude, latitude], position) => ({ trailId, position, longitude, latitude })),
    });
    return true;
  });
}

/** Changes a trail's facts (the fields given; the rest stay) and moves its version on; its path is untouched. */
export function updateTrailFacts(
  trailId: string,
  facts: TrailFactsUpdate,
  base: EditBase = {},
): Promise<TrailWriteResult> {
  // Where the steps are means nothing on a step-free trail, or when the steps are not recorded.
  const data = facts.steps === 0 || facts.steps === null ? { ...facts, stepsLocation: null } : facts;
  return editTrail(trailId, base, async (tx) => {
    await tx.trail.update({ where: { id: trailId }, data, select: { id: true } });
    return true;
  });
}

/** The JSON API shape: a GeoJSON-style path of [longitude, latitude] pairs, and the version edits may name. */
export function toTrailJson(trail: TrailWithCoordinates): TrailJson {
  return {
    _id: trail.id,
    name: trail.name,
    color: trail.color,
    version: trail.version,
    path: { type: "LineString", coordinates: trail.coordinates.map(([lon, lat]): [number, number] => [lon, lat]) },
    ...trail.facts,
    stepFree: isStepFree(trail.facts),
  };
}
