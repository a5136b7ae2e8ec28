import { benchRefusal, toBenchJson, type BenchWriteResult } from "~/models/bench.server";
import { getTrailWithCoordinates, toTrailJson, trailRefusals, type TrailWriteResult } from "~/models/trail.server";
import { geoMessages } from "~/schemas/geo-fields";
import { ApiError, warningHeader } from "~/http/api-answers.server";
import { apiVersioned, currentTagOf, versionTag } from "~/http/api-versions.server";

/**
 * A trail write's result as the API answers it: the whole trail with its ETag, or the model's refusal
 * (a stale one with the trail's current ETag, for a retry).
 */
export async function trailAnswer(trailId: string, result: TrailWriteResult, init: ResponseInit = {}) {
  if (!result.ok) {
    const stale = result.reason === "stale" || result.reason === "precondition-failed";
    const current = stale ? await getTrailWithCoordinates(trailId) : null;
    throw ApiError.refused(trailRefusals[result.reason], current ? { ETag: versionTag(current.version) } : undefined);
  }
  return apiVersioned(toTrailJson(result.trail), init);
}

/**
 * A coordinate write's answer when the client sent latitude and longitude exchanged and the schema
 * stored them the right way round: the trail, with a Warning header saying so.
 */
export function trailAnswerForPoint(trailId: string, result: TrailWriteResult, { swapped }: { swapped: boolean }) {
  return trailAnswer(trailId, result, swapped ? { headers: warningHeader(geoMessages.swappedStoredCorrected) } : {});
}

/** A bench write's result as JSON: the bench, or the model's refusal thrown (with the current ETag when stale). */
export function benchJson(result: BenchWriteResult) {
  if (!result.ok) throw ApiError.refused(benchRefusal(result), currentTagOf(result));
  return toBenchJson(result.bench);
}

/** A bench write's result as the API answers it: the bench with its ETag, or the model's refusal. */
export function benchAnswer(result: BenchWriteResult, init: ResponseInit = {}) {
  return apiVersioned(benchJson(result), init);
}

/** Path segment {index}: a whole number, else the coordinate cannot exist (404, like an unknown id). */
export function requireIndex(value: string | undefined) {
  if (!value || !/^\d{1,6}$/.test(value)) throw ApiError.refused(trailRefusals["index-out-of-range"]);
  return Number(value);
}
