import type { Prisma } from "~/generated/prisma/client";
import type { BenchFacts, ShadeLevel } from "~/lib/facts";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { benchMessages, type BenchCreateInput, type BenchJson, type BenchUpdateInput, type BenchVideoInput } from "~/schemas/bench";
import { playerFor } from "~/models/video.server";
import { violates } from "~/utils/database.server";
import { prisma } from "~/utils/db.server";
import { versionedCache } from "~/utils/versioned-cache.server";

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
  return benches.map((bench) => ({ ...withFacts(bench), videos: bench.videos.map((video) => ({ ...video, player: playerFor(video.url) })) }));
});

/** Every bench with its videos (oldest first; videos added together by title), sorted by bench number. */
export function listBenches() {
  return allBenches();
}

export async function countBenches() {
  return (await allBenches()).length;
}

// ---------------------------------------------------------------------------------------------------
// Bench edits, shared by the admin bench area and the JSON API. Inputs are already validated by the
// schemas in ~/schemas/bench; these functions enforce what only the database knows.

type BenchFailure = { ok: false; reason: "not-found" | "unknown-trail" | "video-not-found" } | { ok: false; reason: "duplicate-number"; benchNumber: number };
export type BenchWriteResult = { ok: true; bench: BenchWithVideos } | BenchFailure;

const benchRefusals = {
  "not-found": { status: 404, message: benchMessages.notFound },
  "video-not-found": { status: 404, message: benchMessages.videoNotFound },
  "unknown-trail": fieldRefusal(400, "trailId", benchMessages.trailUnknown),
} as const satisfies Record<Exclude<BenchFailure["reason"], "duplicate-number">, Refusal>;

/** Every refusal of a bench edit, for the admin page and the API alike. */
export function benchRefusal(failure: BenchFailure): Refusal {
  if (failure.reason === "duplicate-number") return fieldRefusal(409, "bench_number", benchMessages.duplicate(failure.benchNumber));
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

export async function updateBench(id: string, input: BenchUpdateInput): Promise<BenchWriteResult> {
  if (!(await trailExists(input.trailId))) return { ok: false, reason: "unknown-trail" };
  try {
    const bench = await prisma.bench.update({
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
    });
    return { ok: true, bench: withFacts(bench) };
  } catch (error) {
    if (violates(error, "unique")) return { ok: false, reason: "duplicate-number", benchNumber: input.bench_number ?? 0 };
    if (violates(error, "missingRecord")) return { ok: false, reason: "not-found" };
    if (violates(error, "foreignKey")) return { ok: false, reason: "unknown-trail" };
    throw error;
  }
}

/** Deletes a bench with its videos; the deleted bench is returned (e.g. to name it in a message). */
export async function deleteBench(id: string): Promise<BenchWriteResult> {
  try {
    const bench = await prisma.bench.delete({ where: { id }, select: benchSelect });
    return { ok: true, bench: withFacts(bench) };
  } catch (error) {
    if (violates(error, "missingRecord")) return { ok: false, reason: "not-found" };
    throw error;
  }
}

export async function addBenchVideo(benchId: string, video: BenchVideoInput): Promise<BenchWriteResult> {
  try {
    const bench = await prisma.bench.update({
      where: { id: benchId },
      data: { videos: { create: { title: video.title, url: video.url } } },
      select: benchSelect,
    });
    return { ok: true, bench: withFacts(bench) };
  } catch (error) {
    if (violates(error, "missingRecord")) return { ok: false, reason: "not-found" };
    throw error;
  }
}

export async function deleteBenchVideo(benchId: string, videoId: string): Promise<BenchWriteResult> {
  return prisma.$transaction(async (tx) => {
    const removed = await tx.benchVideo.deleteMany({ where: { id: videoId, benchId } });
    const bench = await tx.bench.findUnique({ where: { id: benchId }, select: benchSelect });
    if (!bench) return { ok: false, reason: "not-found" } as const;
    if (removed.count === 0) return { ok: false, reason: "video-not-found" } as const;
    return { ok: true, bench: withFacts(bench) } as const;
  });
}

/** The JSON API shape (SPEC §3): snake_case bench_number, _id everywhere. */
export function serializeBench(bench: BenchWithVideos): BenchJson {
  return {
    _id: bench.id,
    bench_number: bench.benchNumber,
    location: bench.location,
    latitude: bench.latitude,
    longitude: bench.longitude,
    videos: bench.videos.map((video) => ({ _id: video.id, title: video.title, url: video.url })),
    backrest: bench.backrest,
    armrests: bench.armrests,
    shade: bench.shade,
    seatHeightCm: bench.seatHeightCm,
    wheelchairSpace: bench.wheelchairSpace,
  };
}
