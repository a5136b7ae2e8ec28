// A trail's path replaced from a file, in two steps (decision 055): the upload is parsed and kept here as
// a draft (not in the page: up to 5,000 points), the preview compares it with the trail as it is, and
// Apply replaces the path in one transaction with the trail's version check (decision 047), or Cancel
// deletes the draft. Any admin may apply or cancel any draft; the preview names who uploaded it.
import * as z from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { pathLengthMetres, type LonLat } from "~/lib/geo";
import { parsePathFile } from "~/lib/trail-path-read";
import { type PathFormat } from "~/lib/trail-path-file";
import { BENCH_NEAR_TRAIL_METRES, snapToTrail, trailLine } from "~/lib/trail-walk";
import type { EditBase } from "~/models/edit-version";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { getPlacementArea } from "~/models/campus.server";
import {
  benchesInTrailOrder,
  getTrailWithCoordinates,
  trailRefusals,
  type TrailWriteResult,
} from "~/models/trail.server";
import { nameTaken, replaceTrailPath, type Tx } from "~/models/trail-edit.server";
import { createTrail } from "~/models/trail-lifecycle.server";
import { parseTypedPoints } from "~/lib/trail-path-typed";
import { isId } from "~/schemas/id";
import { trailPathMessages } from "~/schemas/trail-path";
import { prisma } from "~/utils/db.server";

/** How long an upload waits for Apply or Cancel before the housekeeping sweep deletes it. */
const DRAFT_LIFETIME_MS = 60 * 60 * 1000;

/** Every refusal of an upload, its preview, Apply and Cancel; a file's own refusal is a sentence about it. */
export const trailPathRefusals = {
  "not-found": trailRefusals["not-found"],
  "upload-gone": trailRefusals["upload-gone"],
  stale: { status: 409, message: trailPathMessages.stale },
  file: (message: string): Refusal => fieldRefusal(400, "file", message),
} as const;

// What the draft's column holds was checked by the parser when it was written; read back, it is only
// trusted to be pairs of numbers.
const storedPathSchema = z.array(z.tuple([z.number(), z.number()]));
const storedPath = (points: Prisma.JsonValue): LonLat[] => storedPathSchema.parse(points);

type DraftCreated = { ok: true; draftId: string } | { ok: false; refusal: Refusal };

/**
 * A trail to be added (decision 078): its name and colour, and its path from a file or typed points,
 * kept as a draft whose preview shows it before anything is added. Refused when the name is another
 * trail's or the path is not usable (the message at the field that holds it).
 */
export async function createNewTrailDraft(
  trail: { name: string; color: string; file?: { name: string; text: string }; points?: string },
  uploadedById: string,
  now = new Date(),
): Promise<DraftCreated> {
  if (await nameTaken(prisma, trail.name)) return { ok: false, refusal: trailRefusals["name-taken"] };
  const area = await getPlacementArea();
  const parsed = trail.file ? parsePathFile(trail.file.text, area) : parseTypedPoints(trail.points ?? "", area);
  if (!parsed.ok) return { ok: false, refusal: fieldRefusal(400, trail.file ? "file" : "points", parsed.message) };
  const draft = await prisma.trailPathDraft.create({
    data: {
      newTrailName: trail.name,
      newTrailColor: trail.color,
      baseVersion: 0,
      uploadedById,
      fileName: trail.file ? trail.file.name.slice(0, 200) : "typed points",
      format: parsed.format,
      points: parsed.points,
      expiresAt: new Date(now.getTime() + DRAFT_LIFETIME_MS),
    },
    select: { id: true },
  });
  return { ok: true, draftId: draft.id };
}

/** Parses an uploaded file and keeps its path as a draft for `trailId`; refused when the file or trail is not usable. */
export async function createTrailPathDraft(
  trailId: string,
  file: { name: string; text: string },
  uploadedById: string,
  now = new Date(),
): Promise<DraftCreated> {
  const trail = isId(trailId)
    ? await prisma.trail.findUnique({ where: { id: trailId }, select: { version: true } })
    : null;
  if (!trail) return { ok: false, refusal: trailPathRefusals["not-found"] };
  const parsed = parsePathFile(file.text, await getPlacementArea());
  if (!parsed.ok) return { ok: false, refusal: trailPathRefusals.file(parsed.message) };
  const draft = await prisma.trailPathDraft.create({
    data: {
      trailId,
      baseVersion: trail.version,
      uploadedById,
      fileName: file.name.slice(0, 200),
      format: parsed.format,
      points: parsed.points,
      expiresAt: new Date(now.getTime() + DRAFT_LIFETIME_MS),
    },
    select: { id: true },
  });
  return { ok: true, draftId: draft.id };
}

const draftSelect = {
  id: true,
  trailId: true,
  newTrailName: true,
  newTrailColor: true,
  baseVersion: true,
  fileName: true,
  format: true,
  points: true,
  createdAt: true,
  expiresAt: true,
  uploadedBy: { select: { username: true } },
} satisfies Prisma.TrailPathDraftSelect;

async function findDraft(draftId: string, now: Date) {
  if (!isId(draftId)) return null;
  return prisma.trailPathDraft.findFirst({ where: { id: draftId, expiresAt: { gt: now } }, select: draftSelect });
}

/**
 * What the preview shows: the trail's path as it is now and the uploaded one, their points and lengths,
 * and the trail's benches that would end up more than 30 m from the new path (the distance at which a
 * bench stops counting as on the trail). Null when the draft is gone or expired.
 */
export async function getTrailPathPreview(draftId: string, now = new Date()) {
  const draft = await findDraft(draftId, now);
  if (!draft) return null;
  const points = storedPath(draft.points);
  const uploaded = { coordinates: points, points: points.length, metres: pathLengthMetres(points) };
  const about = {
    id: draft.id,
    fileName: draft.fileName,
    format: draft.format as PathFormat,
    uploadedBy: draft.uploadedBy?.username ?? null,
    createdAt: draft.createdAt,
    expiresAt: draft.expiresAt,
  };
  if (draft.trailId === null) {
    // A trail still to be added (decision 078): nothing to compare with, and no benches of its own yet.
    const trail = { id: null, name: draft.newTrailName ?? "", color: draft.newTrailColor ?? "", version: 0 };
    const none = { coordinates: [] as LonLat[], points: 0, metres: 0 };
    return { draft: about, trail, changedSinceUpload: false, now: none, uploaded, farBenches: [] };
  }
  const trail = await getTrailWithCoordinates(draft.trailId);
  if (!trail) return null;
  const [before, after] = [trailLine(trail.coordinates), trailLine(points)];
  const farBenches = (await benchesInTrailOrder(trail))
    .map(({ bench }) => {
      const at: LonLat = [bench.longitude, bench.latitude];
      return {
        id: bench.id,
        benchNumber: bench.benchNumber,
        location: bench.location,
        metresNow: snapToTrail(before, at)?.offTrail ?? null,
        metresAfter: snapToTrail(after, at)!.offTrail,
      };
    })
    .filter((bench) => bench.metresAfter > BENCH_NEAR_TRAIL_METRES);
  return {
    draft: about,
    trail: { id: trail.id as string | null, name: trail.name, color: trail.color, version: trail.version },
    // The trail was edited after the upload: "now" below is its latest path, not the one the file replaced.
    changedSinceUpload: trail.version !== draft.baseVersion,
    now: {
      coordinates: trail.coordinates,
      points: trail.coordinates.length,
      metres: pathLengthMetres(trail.coordinates),
    },
    uploaded,
    farBenches,
  };
}

export type TrailPathPreview = NonNullable<Awaited<ReturnType<typeof getTrailPathPreview>>>;

/**
 * Replaces the trail's path with the draft's, in one transaction: the trail must still be at the version
 * the preview compared with (`base`), and the draft still waiting (it is deleted with the same commit).
 */
export async function applyTrailPathDraft(
  draftId: string,
  base: EditBase,
  now = new Date(),
): Promise<TrailWriteResult & { created?: true }> {
  const draft = await findDraft(draftId, now);
  if (!draft) return { ok: false, reason: "upload-gone" };
  const claim = async (tx: Tx) => {
    const claimed = await tx.trailPathDraft.deleteMany({ where: { id: draftId, expiresAt: { gt: now } } });
    return claimed.count === 1;
  };
  if (draft.trailId === null) {
    const name = draft.newTrailName ?? "";
    const created = await createTrail(
      { name, color: draft.newTrailColor ?? undefined, coordinates: storedPath(draft.points) },
      claim,
    );
    return created.ok ? { ...created, created: true } : created;
  }
  return replaceTrailPath(draft.trailId, storedPath(draft.points), base, claim);
}

/**
 * Deletes a draft (Cancel) and answers the trail it was for (a trail still to be added: no id, its name);
 * null when it was already gone. Nothing else changes.
 */
export async function discardTrailPathDraft(
  draftId: string,
): Promise<{ trailId: string | null; trailName: string } | null> {
  if (!isId(draftId)) return null;
  const draft = await prisma.trailPathDraft.findUnique({
    where: { id: draftId },
    select: { newTrailName: true, trail: { select: { id: true, name: true } } },
  });
  if (!draft) return null;
  const { count } = await prisma.trailPathDraft.deleteMany({ where: { id: draftId } });
  if (count !== 1) return null;
  return { trailId: draft.trail?.id ?? null, trailName: draft.trail?.name ?? draft.newTrailName ?? "" };
}

/** Drafts nobody applied or cancelled within the hour. */
export async function sweepExpiredTrailPathDrafts(now = new Date()) {
  return (await prisma.trailPathDraft.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
