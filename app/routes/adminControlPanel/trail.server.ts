import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl } from "~/lib/navigation";
import { TRAIL_FACT_KEYS } from "~/lib/facts";
import {
  deleteCoordinate,
  getTrailWithCoordinates,
  insertCoordinate,
  listTrails,
  trailRefusals,
  updateCoordinate,
  updateTrailFacts,
} from "~/models/trail.server";
import { parseSearchQuery } from "~/schemas/text";
import { trailIntentSchema } from "~/schemas/trail";
import { env } from "~/utils/env.server";
import { anchors } from "./area";
import { confirmationIn, invalid, refused } from "./area.server";

/** ?option=trail&filter=<name part>&trail=<id>[&confirm=delete&index=<i>] */
export async function loadTrailArea(url: URL) {
  const { q: filter, error: searchError } = parseSearchQuery(url.searchParams.get("filter"));
  const requested = url.searchParams.get("trail");
  const trails = await listTrails();
  const matching = trails.filter((trail) => trail.name.toLowerCase().includes(filter.toLowerCase()));
  const chosen = trails.find((trail) => trail.id === requested) ?? matching[0] ?? null;
  const trail = chosen ? await getTrailWithCoordinates(chosen.id) : null;
  const index = Number(url.searchParams.get("index"));
  const confirming = trail && confirmationIn(url, ["delete"]) && Number.isInteger(index) && index >= 0 && index < trail.coordinates.length;
  return {
    filter,
    searchError,
    // The chosen trail stays in the list even when the filter no longer matches it.
    options: chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching,
    trail,
    confirm: confirming ? { index } : null,
    tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
  };
}

/** Positions are shown 1-based (#1 first); each form names the trail version it showed, so stale edits are refused. */
export async function trailAction(_request: Request, formData: FormData) {
  const filter = formData.get("filter");
  const submission = parseSubmission(formData, { schema: trailIntentSchema });
  if (submission.status !== "success") return invalid(submission, ["latitude", "longitude", ...TRAIL_FACT_KEYS]);
  const input = submission.value;
  const back = adminAreaUrl("trail", { trail: input.trailId, filter: typeof filter === "string" ? filter : null });
  if (input.intent === "save-facts") {
    const { intent, trailId, version, ...facts } = input;
    const saved = await updateTrailFacts(trailId, facts, { expectedVersion: version });
    if (!saved.ok) return refused(intent, submission, trailRefusals[saved.reason === "stale" ? "stale-facts" : saved.reason]);
    return redirectWithToast(back, { type: "success", message: `Facts of the ${saved.trail.name} saved.`, anchor: anchors.trailFacts });
  }
  const expected = { expectedVersion: input.version };

  let edit;
  let message: string;
  // The row the result is shown in (1-based): the point itself, or after a deletion the one before it.
  let row: number;
  if (input.intent === "delete-coordinate") {
    edit = await deleteCoordinate(input.trailId, input.index, expected);
    message = `Coordinate #${input.index + 1} deleted.`;
    row = Math.max(1, input.index);
  } else if (input.intent === "save-coordinate") {
    edit = await updateCoordinate(input.trailId, input.index, input, expected);
    message = `Coordinate #${input.index + 1} saved.`;
    row = input.index + 1;
  } else {
    // Insert Below row i puts the new point at i + 1; Insert at End sends the length as its index.
    const at = input.intent === "insert-below" ? input.index + 1 : input.index;
    edit = await insertCoordinate(input.trailId, at, [input.longitude, input.latitude], expected);
    message = `Coordinate #${at + 1} inserted.`;
    row = at + 1;
  }
  if (!edit.ok) return refused(input.intent, submission, trailRefusals[edit.reason]);
  return redirectWithToast(back, { type: "success", message, anchor: `point-${row}` });
}
