import { benchRefusal, serializeBench, type BenchWriteResult } from "~/models/bench.server";
import { serializeTrail, trailRefusals, type TrailWriteResult } from "~/models/trail.server";
import { geoMessages } from "~/schemas/geo-fields";
import { ApiError, apiJson, warningHeader } from "~/http/api.server";

/** A coordinate write's result as the API answers it: the whole trail, or the model's refusal. */
export function trailAnswer(result: TrailWriteResult) {
  if (!result.ok) throw ApiError.refused(trailRefusals[result.reason]);
  return serializeTrail(result.trail);
}

/**
 * A coordinate write's answer when the client sent latitude and longitude exchanged and the schema
 * stored them the right way round: the trail, with a Warning header saying so.
 */
export function trailAnswerForPoint(result: TrailWriteResult, { swapped }: { swapped: boolean }) {
  const trail = trailAnswer(result);
  return swapped ? apiJson(trail, { headers: warningHeader(geoMessages.swappedStoredCorrected) }) : trail;
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
