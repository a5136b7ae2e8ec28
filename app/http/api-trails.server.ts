import type { BenchWriteResult } from "~/models/bench.server";
import { serializeBench } from "~/models/bench.server";
import type { TrailWriteResult } from "~/models/trail.server";
import { serializeTrail } from "~/models/trail.server";
import { benchMessages } from "~/schemas/bench";
import { trailMessages } from "~/schemas/trail";
import { ApiError } from "~/http/api.server";

/** A coordinate write's result as the API answers it: the whole trail, or 404 / 409. */
export function trailAnswer(result: TrailWriteResult) {
  if (result.ok) return serializeTrail(result.trail);
  if (result.reason === "not-found") throw new ApiError(404, trailMessages.notFound);
  if (result.reason === "index-out-of-range") throw new ApiError(404, trailMessages.indexOutOfRange);
  throw new ApiError(409, trailMessages.stale);
}

/** A bench write's result as the API answers it: the bench, or 404 / 409 / 400. */
export function benchAnswer(result: BenchWriteResult) {
  if (result.ok) return serializeBench(result.bench);
  switch (result.reason) {
    case "not-found":
      throw new ApiError(404, benchMessages.notFound);
    case "video-not-found":
      throw new ApiError(404, benchMessages.videoNotFound);
    case "duplicate-number": {
      const message = benchMessages.duplicate(result.benchNumber ?? 0);
      throw new ApiError(409, message, { bench_number: [message] });
    }
    case "unknown-trail":
      throw new ApiError(400, benchMessages.trailUnknown, { trailId: [benchMessages.trailUnknown] });
  }
}

/** Path segment {index}: a whole number, else the coordinate cannot exist (404, like an unknown id). */
export function requireIndex(value: string | undefined) {
  if (!value || !/^\d{1,6}$/.test(value)) throw new ApiError(404, trailMessages.indexOutOfRange);
  return Number(value);
}
