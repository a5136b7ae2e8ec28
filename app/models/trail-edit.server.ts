import type { Prisma } from "~/generated/prisma/client";
import type { LonLat } from "~/lib/geo";
import { SAMPLE_TRAIL_COLORS } from "~/lib/trail-colors";
import { versionMismatch, type EditBase } from "~/models/edit-version";
import {
  toTrailWithCoordinates,
  withCoordinatesSelect,
  type TrailWriteFailure,
  type TrailWriteResult,
} from "~/models/trail.server";
import type { TrailFactsUpdate } from "~/schemas/facts";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";

// ---------------------------------------------------------------------------------------------------
// Edits: coordinates and facts. Each runs in one transaction holding the trail's row lock, so concurrent
// edits of one trail apply one after another; each bumps Trail.version so an edit based on an older view
// of the trail (EditBase: a form's or body's version, or an API client's If-Match) is refused instead of
// being applied over a newer change.

export type Tx = Prisma.TransactionClient;

// Generous limits: requests wait their turn behind the trail lock instead of failing.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

/**
 * Without an expected version or If-Match the edit applies to the trail as it is then (last write wins).
 * `edit` answers false for a position that is not there, or the reason it refused.
 */
async function editTrail(
  trailId: string,
  base: EditBase,
  edit: (tx: Tx, pointCount: number) => Promise<boolean | TrailWriteFailure>,
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

/** Where the steps are means nothing on a step-free trail, or when the steps are not recorded. */
function factsData(facts: TrailFactsUpdate): TrailFactsUpdate {
  return facts.steps === 0 || facts.steps === null ? { ...facts, stepsLocation: null } : facts;
}

/** Changes a trail's facts (the fields given; the rest stay) and moves its version on; its path is untouched. */
export function updateTrailFacts(
  trailId: string,
  facts: TrailFactsUpdate,
  base: EditBase = {},
): Promise<TrailWriteResult> {
  const data = factsData(facts);
  return editTrail(trailId, base, async (tx) => {
    await tx.trail.update({ where: { id: trailId }, data, select: { id: true } });
    return true;
  });
}

/** PATCH /api/trails/{id}: a new name or colour, facts, or both, as one edit. */
export function updateTrail(
  trailId: string,
  { details, facts }: { details: { name?: string; color?: string }; facts: TrailFactsUpdate | null },
  base: EditBase = {},
): Promise<TrailWriteResult> {
  if (!facts) return updateTrailDetails(trailId, details, base);
  if (Object.keys(details).length === 0) return updateTrailFacts(trailId, facts, base);
  return updateTrailDetails(trailId, { ...details, ...factsData(facts) }, base);
}

/**
 * A trail's new name or colour (decision 078). Its address stays: printed links and QR codes keep
 * working. A name another trail has (in any case) is refused; a colour of the sample trails' may be kept
 * by its own trail but not chosen.
 */
export async function updateTrailDetails(
  trailId: string,
  details: { name?: string; color?: string } & Partial<TrailFactsUpdate>,
  base: EditBase = {},
): Promise<TrailWriteResult> {
  try {
    return await editTrail(trailId, base, async (tx) => {
      const current = await tx.trail.findUniqueOrThrow({ where: { id: trailId }, select: { color: true } });
      if (details.color && details.color in SAMPLE_TRAIL_COLORS && details.color !== current.color.toLowerCase())
        return "sample-color";
      if (details.name && (await nameTaken(tx, details.name, trailId))) return "name-taken";
      await tx.trail.update({ where: { id: trailId }, data: details, select: { id: true } });
      return true;
    });
  } catch (error) {
    // Another trail took the name between the check and the write.
    if (violates(error, "unique")) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

/** Whether a trail other than `exceptId` is called `name`, in any case: two such names would read as one trail. */
export async function nameTaken(tx: Tx | typeof prisma, name: string, exceptId?: string) {
  const other = await tx.trail.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  return other !== null;
}
