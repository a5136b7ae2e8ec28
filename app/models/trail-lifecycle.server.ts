// Adding and deleting a trail (decision 078). A new trail's address comes from its name, unique among
// the trails; deleting one keeps everything that happened on it: its benches stay (without a trail), and
// triggers keep its name on its walks and reports. Each write moves the trails' data version by trigger,
// so every cached page and answer made from the trails is made again (decisions 006, 061, 062).
import type { LonLat } from "~/lib/geo";
import { nextPaletteColor } from "~/lib/trail-colors";
import { slugFromName, uniqueSlug } from "~/lib/trail-slug";
import { versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import { nameTaken, type Tx } from "~/models/trail-edit.server";
import { toTrailWithCoordinates, withCoordinatesSelect, type TrailWriteResult } from "~/models/trail.server";
import { isId } from "~/schemas/id";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";

const pathRows = (coordinates: readonly LonLat[]) =>
  coordinates.map(([longitude, latitude], position) => ({ position, longitude, latitude }));

type NewTrail = { name: string; color?: string; coordinates: readonly LonLat[] };

/**
 * Adds a trail with its path (already checked: 2 to 5,000 points, within the campus's area). `claim`, when
 * given, runs first in the same transaction and answers whether the draft the trail comes from was still
 * waiting (it deletes it), so a previewed trail is added once. Without a colour it takes the first of the
 * palette no trail uses yet.
 */
export async function createTrail(trail: NewTrail, claim?: (tx: Tx) => Promise<boolean>): Promise<TrailWriteResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      // One addition at a time, so two trails of one name cannot both take the same address.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('trail-slugs'))`;
      if (claim && !(await claim(tx))) return { ok: false, reason: "upload-gone" } as const;
      if (await nameTaken(tx, trail.name)) return { ok: false, reason: "name-taken" } as const;
      const others = await tx.trail.findMany({ select: { slug: true, color: true } });
      const created = await tx.trail.create({
        data: {
          name: trail.name,
          color: trail.color ?? nextPaletteColor(others.map((other) => other.color)),
          slug: uniqueSlug(slugFromName(trail.name), new Set(others.map((other) => other.slug))),
          points: { createMany: { data: pathRows(trail.coordinates) } },
        },
        select: withCoordinatesSelect,
      });
      return { ok: true, trail: toTrailWithCoordinates(created) } as const;
    });
  } catch (error) {
    // The same name written by another request in the same moment.
    if (violates(error, "unique")) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

type DeleteResult =
  | { ok: true; trail: { id: string; name: string; benches: number; walks: number } }
  | { ok: false; reason: "not-found" | VersionMismatch };

/**
 * Deletes a trail as it is at `base`'s version (decision 047). Its benches stay, their trail link let go
 * (the foreign key); its walks and reports keep its name (triggers); its notices and path drafts go with it.
 */
export async function deleteTrail(trailId: string, base: EditBase = {}): Promise<DeleteResult> {
  if (!isId(trailId)) return { ok: false, reason: "not-found" };
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ version: number; name: string }[]>`
      SELECT "version", "name" FROM "Trail" WHERE "id" = ${trailId} FOR UPDATE`;
    if (!locked) return { ok: false, reason: "not-found" } as const;
    const mismatch = versionMismatch(locked.version, base);
    if (mismatch) return { ok: false, reason: mismatch } as const;
    const [benches, walks] = await Promise.all([
      tx.bench.count({ where: { trailId } }),
      tx.walk.count({ where: { trailId } }),
    ]);
    await tx.trail.delete({ where: { id: trailId }, select: { id: true } });
    return { ok: true, trail: { id: trailId, name: locked.name, benches, walks } } as const;
  });
}

/** What deleting a trail would touch, for its confirmation: its benches and logged walks. */
export async function trailDeletionEffects(trailId: string) {
  const [benches, walks] = await Promise.all([
    prisma.bench.count({ where: { trailId } }),
    prisma.walk.count({ where: { trailId } }),
  ]);
  return { benches, walks };
}
