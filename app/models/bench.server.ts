import type { Prisma } from "~/generated/prisma/client";
import type { BenchFacts, ShadeLevel } from "~/lib/facts";
import { versionCondition, versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import {
  benchMessages,
  type BenchCreateInput,
  type BenchJson,
  type BenchUpdateInput,
  type BenchVideoInput,
} from "~/schemas/bench";
import { playerFor } from "~/models/video-json.server";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { versionedCache, type DataVersions } from "~/utils/versioned-cache.server";

const benchVideoSelect = { id: true, title: true, url: true } satisfies Prisma.BenchVideoSelect;

const benchSelect = {
  id: true,
  benchNumber: true,
  location: true,
  latitude: true,
  longitude: true,
  trailId: true,
  backrest: true,
  armrests: true,
  shade: true,
  seatHeightCm: true,
  wheelchairSpace: true,
  version: true,
  videos: { select: benchVideoSelect, orderBy: [{ createdAt: "asc" }, { title: "asc" }, { id: "asc" }] },
} satisfies Prisma.BenchSelect;

type BenchRow = Prisma.BenchGetPayload<{ select: typeof benchSelect }>;
type BenchWithVideos = Omit<BenchRow, "shade"> & BenchFacts;

// The shade column holds only what the facts schema let through.
const withFacts = (bench: BenchRow): BenchWithVideos => ({ ...bench, shade: bench.shade as ShadeLevel | null });

// Benches change only when an admin edits them: kept in memory (each video with how it plays here, as on
// the video pages), reloaded when the benches version moves. Values are shared between requests: never
// mutate them.
const allBenches = versionedCache("benches", async () => {
  const benches = await prisma.bench.findMany({ select: benchSelect, orderBy: { benchNumber: "asc" } });
  return benches.map((bench) => ({
    ...withFacts(bench),
    videos: bench.videos.map((video) => ({ ...video, player: playerFor(video.url) })),
  }));
});

/**
 * Every bench with its videos (oldest first; videos added together by title), sorted by bench number.
 * `versions`: the request's data versions when the caller has them (saves the version query).
 */
export function listBenches(versions?: DataVersions) {
  return allBenches(versions);
}

export async function countBenches(versions?: DataVersions) {
  return (await allBenches(versions)).length;
}

// ---------------------------------------------------------------------------------------------------
// Bench edits, shared by the admin bench area and the JSON API. Inputs are already validated by the
// schemas in ~/schemas/bench; these functions enforce what only the database knows.
//
// Every edit of a bench (its fields, its facts, its list of videos, its deletion) moves its version on
// by one in the same transaction, with one conditional UPDATE (`… WHERE id = ? AND version = ?`) that
// takes the row's lock until the edit commits: an edit based on an older version (EditBase) is refused,
// and two edits based on the same version can never both apply. Adding or removing a video moves the
// version too, because the bench's answer lists its videos; the admin forms for them send no version,
// since they overwrite nothing, but an API client's If-Match is honoured there as everywhere.

type BenchFailure =
  | { ok: false; reason: "not-found" | "unknown-trail" | "video-not-found" }
  | { ok: false; reason: "duplicate-number"; benchNumber: number }
  | { ok: false; reason: VersionMismatch; current: BenchWithVideos };
export type BenchWriteResult = { ok: true; bench: BenchWithVideos } | BenchFailure;

const benchRefusals = {
  "not-found": { status: 404, message: benchMessages.notFound },
  "video-not-found": { status: 404, message: benchMessages.videoNotFound },
  "unknown-trail": fieldRefusal(400, "trailId", benchMessages.trailUnknown),
  stale: { status: 409, message: benchMessages.stale },
  "precondition-failed": { status: 412, message: benchMessages.preconditionFailed },
} as const satisfies Record<Exclude<BenchFailure["reason"], "duplicate-number">, Refusal>;

/** Every refusal of a bench edit, for the admin page and the API alike. */
export function benchRefusal(failure: BenchFailure): Refusal {
  if (failure.reason === "duplicate-number")
    return fieldRefusal(409, "bench_number", benchMessages.duplicate(failure.benchNumber));
  return benchRefusals[failure.reason];
}

/** The facts an input names (undefined ones are left as they are). */
function benchFactsOf(input: Partial<BenchFacts>): Partial<BenchFacts> {
  const { backrest, armrests, shade, seatHeightCm, wheelchairSpace } = input;
  return { backrest, armrests, shade, seatHeightCm, wheelchairSpace };
}

async function trailExists(trailId: string | null | undefined) {
  if (!trailId) return true;
  return (await prisma.trail.count({ where: { id: trailId } })) > 0;
}

export async function createBench(input: BenchCreateInput): Promise<BenchWriteResult> {
  if (!(await trailExists(input.trailId))) return { ok: false, reason: "unknown-trail" };
  try {
    const bench = await prisma.bench.create({
      data: {
        benchNumber: input.bench_number,
        location: input.location,
        latitude: input.latitude,
        longitude: input.longitude,
        trailId: input.trailId ?? null,
        ...benchFactsOf(input),
      },
      select: benchSelect,
    });
    return { ok: true, bench: withFacts(bench) };
  } catch (error) {
    // The unique index decides, so two simultaneous creates of one number cannot both succeed.
    if (violates(error, "unique")) return { ok: false, reason: "duplicate-number", benchNumber: input.bench_number };
    if (violates(error, "foreignKey")) return { ok: false, reason: "unknown-trail" };
    throw error;
  }
}

type Tx = Prisma.TransactionClient;

/** Thrown inside an edit's transaction to undo it and answer this refusal instead. */
class Refused {
  constructor(readonly failure: BenchFailure) {}
}

// Edits of one bench wait their turn behind its row lock instead of failing after Prisma's 2 s.
const EDIT_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/**
 * Runs `edit` on the bench in one transaction, after moving its version on if it is still the one the
 * edit is based on. Answers the bench as the edit left it, or the refusal (nothing written).
 */
async function editBench(id: string, base: EditBase, edit: (tx: Tx) => Promise<BenchRow>): Promise<BenchWriteResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      const claimed = await tx.bench.updateMany({
        where: { id, ...versionCondition(base) },
        data: { version: { increment: 1 } },
      });
      if (claimed.count === 0) {
        const current = await tx.bench.findUnique({ where: { id }, select: benchSelect });
        if (!current) throw new Refused({ ok: false, reason: "not-found" });
        throw new Refused({
          ok: false,
          reason: versionMismatch(current.version, base) ?? "stale",
          current: withFacts(current),
        });
      }
      return { ok: true, bench: withFacts(await edit(tx)) } as const;
    }, EDIT_TRANSACTION);
  } catch (error) {
    if (error instanceof Refused) return error.failure;
    throw error;
  }
}

export async function updateBench(id: string, input: BenchUpdateInput, base: EditBase = {}): Promise<BenchWriteResult> {
  if (!(await trailExists(input.trailId))) return { ok: false, reason: "unknown-trail" };
  try {
    return await editBench(id, base, (tx) =>
      tx.bench.update({
        where: { id },
        data: {
          benchNumber: input.bench_number,
          location: input.location,
          latitude: input.latitude,
          longitude: input.longitude,
          trailId: input.trailId,
          ...benchFactsOf(input),
        },
        select: benchSelect,
      }),
    );
  } catch (error) {
    if (violates(error, "unique"))
      return { ok: false, reason: "duplicate-number", benchNumber: input.bench_number ?? 0 };
    if (violates(error, "missingRecord")) return { ok: false, reason: "not-found" };
    if (violates(error, "foreignKey")) return { ok: false, reason: "unknown-trail" };
    throw error;
  }
}

/** Deletes a bench with its videos; the deleted bench is returned (e.g. to name it in a message). */
export function deleteBench(id: string, base: EditBase = {}): Promise<BenchWriteResult> {
  return editBench(id, base, (tx) => tx.bench.delete({ where: { id }, select: benchSelect }));
}

export function addBenchVideo(benchId: string, video: BenchVideoInput, base: EditBase = {}): Promise<BenchWriteResult> {
  return editBench(benchId, base, (tx) =>
    tx.bench.update({
      where: { id: benchId },
      data: { videos: { create: { title: video.title, url: video.url } } },
      select: benchSelect,
    }),
  );
}

export function deleteBenchVideo(benchId: string, videoId: string, base: EditBase = {}): Promise<BenchWriteResult> {
  return editBench(benchId, base, async (tx) => {
    const removed = await tx.benchVideo.deleteMany({ where: { id: videoId, benchId } });
    // Undoes the version's move too: nothing changed.
    if (removed.count === 0) throw new Refused({ ok: false, reason: "video-not-found" });
    return tx.bench.findUniqueOrThrow({ where: { id: benchId }, select: benchSelect });
  });
}

/** The JSON API shape (docs/api.md): snake_case bench_number, _id everywhere. */
export function toBenchJson(bench: BenchWithVideos): BenchJson {
  return {
    _id: bench.id,
    bench_number: bench.benchNumber,
    location: bench.location,
    latitude: bench.latitude,
    longitude: bench.longitude,
    videos: bench.videos.map((video) => ({ _id: video.id, title: video.title, url: video.url })),
    version: bench.version,
    backrest: bench.backrest,
    armrests: bench.armrests,
    shade: bench.shade,
    seatHeightCm: bench.seatHeightCm,
    wheelchairSpace: bench.wheelchairSpace,
  };
}
