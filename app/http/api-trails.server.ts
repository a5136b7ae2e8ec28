import { benchRefusal, serializeBench, type BenchWriteResult } from "~/models/bench.server";
import { serializeTrail, trailRefusals, type TrailWriteResult } from "~/models/trail.server";
import { ApiError } from "~/http/api.server";

/** A coordinate write's result as the API answers it: the whole trail, or the model's refusal. */
export function trailAnswer(result: TrailWriteResult) {
  if (!result.ok) throw ApiError.refused(trailRefusals[result.reason]);
  return serializeTrail(result.trail);
}

/** A bench write's result as the API answers it: the bench, or the model's refusal. */
export function benchAnswer(result: BenchWriteResult) {
  if (!result.ok) throw ApiError.refused(benchRefusal(result));
  return serializeBench(result.bench);
}

/** Path segment {index}: a whole number, else the coordinate cannot exist (404, like an unknown id). */
export function requireIndex(value: string | undefined) {
  if (!value || !/^\d{1,6}$/.test(value)) throw ApiError.refused(trailRefusals["index-out-of-range"]);
  return Number(value);
}
