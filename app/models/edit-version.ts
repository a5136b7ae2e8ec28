/**
 * The version an edit of a trail, a bench or a video started from. Every edit moves the row's `version`
 * on by one, so an edit that names the version it was based on can be refused when someone else's edit
 * came first, instead of silently overwriting it (a lost update).
 *
 * - `expectedVersion`: what an admin form's hidden field (or a trail coordinate body's `version`) carried;
 *   a mismatch is the refusal `stale` (409 on the page and in the API).
 * - `ifMatch`: the versions an API client's `If-Match` header named; a mismatch is `precondition-failed`
 *   (412). Checked first when both are given.
 * - Neither: the edit applies to the row as it is then (last write wins), as the old client expects.
 */
export type EditBase = { expectedVersion?: number; ifMatch?: readonly number[] };

export type VersionMismatch = "precondition-failed" | "stale";

/** Why an edit based on `base` may not apply to a row now at `current`, or null when it may. */
export function versionMismatch(current: number, base: EditBase): VersionMismatch | null {
  if (base.ifMatch && !base.ifMatch.includes(current)) return "precondition-failed";
  if (base.expectedVersion !== undefined && base.expectedVersion !== current) return "stale";
  return null;
}

/**
 * The condition on `version` for a conditional write (`UPDATE … WHERE id = ? AND version = ?`, whose row
 * count says whether it applied): the database checks the version and writes in one statement, under
 * the row's lock, so two edits based on the same version can never both apply.
 */
export function versionCondition(base: EditBase): { version?: { equals?: number; in?: number[] } } {
  if (base.expectedVersion === undefined && !base.ifMatch) return {};
  return {
    version: {
      ...(base.expectedVersion !== undefined ? { equals: base.expectedVersion } : {}),
      ...(base.ifMatch ? { in: [...base.ifMatch] } : {}),
    },
  };
}
