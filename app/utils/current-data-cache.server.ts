import { dataVersionStamp, stampOf, type DataVersions } from "~/utils/versioned-cache.server";

/** What a load made and until when it is true: the next moment a notice in it starts or ends, or null. */
export type Current<T> = { value: T; validUntil: Date | null };

/**
 * A value worked out from admin-edited data and from notices (decision 061): held while every data version
 * is the one it was built under and the clock is before its `validUntil`, so a request pays one query of
 * `DataVersion` instead of the data's own queries and the work on them. The stamp is read before the load,
 * so what is served is never older than the versions seen at the start of the request (as in decision
 * 006); a notice starting or ending by the clock is a write to nothing, hence `validUntil` (decision 051).
 * Requests that find the same stamp share one load. Callers must not mutate the value. `versions`: the
 * request's own, read with its session (decision 063), so the request reads `DataVersion` once.
 */
export function currentDataCache<T>(
  load: (now: Date) => Promise<Current<T>>,
): (versions?: DataVersions, now?: Date) => Promise<T> {
  let held: { stamp: string; result: Promise<Current<T>> } | null = null;
  return async (versions, now = new Date()) => {
    const stamp = versions ? stampOf(versions) : await dataVersionStamp();
    // No version rows (a database emptied by hand): nothing to compare with, so read through.
    if (stamp === null) return (await load(now)).value;
    if (held?.stamp === stamp) {
      // A load that fails fails every request that waited for it (as in versionedCache); the next one loads.
      const current = await held.result;
      if (current.validUntil === null || now < current.validUntil) return current.value;
    }
    const entry = { stamp, result: load(now) };
    held = entry;
    entry.result.catch(() => {
      if (held === entry) held = null;
    });
    return (await entry.result).value;
  };
}
