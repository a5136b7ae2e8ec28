import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl } from "~/lib/navigation";
import { TRAIL_FACT_KEYS } from "~/lib/facts";
import { getTrailWithCoordinates, listTrails, trailRefusals } from "~/models/trail.server";
import { deleteCoordinate, insertCoordinate, updateCoordinate, updateTrailFacts } from "~/models/trail-edit.server";
import { trailSchemasNow } from "~/models/placement.server";
import { deleteTrail, trailDeletionEffects } from "~/models/trail-lifecycle.server";
import { updateTrailDetails } from "~/models/trail-edit.server";
import { nextPaletteColor } from "~/lib/trail-colors";
import { trailMessages } from "~/schemas/trail";
import { trailAdminMessages } from "~/schemas/trail-admin";
import { ADD_TRAIL_ANCHOR } from "./trail-add";
import { env } from "~/utils/env.server";
import { anchors } from "./area";
import { confirmationIn, invalid, refused } from "./area.server";

/**
 * The coordinate table shows this many points a page: a point is a card on a phone, and the Green
 * Trail's 56 of them made the area 17,000 px tall.
 */
const COORDINATES_PER_PAGE = 10;

/** The `?page=` (from 1) that shows point `number` (1-based), or null for the first page, which needs none. */
function pageParamFor(number: number) {
  const page = Math.ceil(number / COORDINATES_PER_PAGE);
  return page > 1 ? String(page) : null;
}

/** The page of coordinates a URL asks for, within the trail's pages: anything else shows the nearest. */
function coordinatePage(url: URL, length: number) {
  const pages = Math.max(1, Math.ceil(length / COORDINATES_PER_PAGE));
  const asked = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const first = (page - 1) * COORDINATES_PER_PAGE;
  return { page, pages, size: COORDINATES_PER_PAGE, first, end: Math.min(first + COORDINATES_PER_PAGE, length) };
}

/** ?option=trail&trail=<id>[&page=<n>][&confirm=delete&index=<i>]: the trail picker has all trails, so no name filter. */
export async function loadTrailArea(url: URL) {
  const requested = url.searchParams.get("trail");
  const trails = await listTrails();
  const chosen = trails.find((trail) => trail.id === requested) ?? trails[0] ?? null;
  const trail = chosen ? await getTrailWithCoordinates(chosen.id) : null;
  const index = Number(url.searchParams.get("index"));
  const kind = trail ? confirmationIn(url, ["delete", "delete-trail"]) : null;
  const confirm =
    kind === "delete" && Number.isInteger(index) && index >= 0 && index < trail!.coordinates.length
      ? ({ kind, index } as const)
      : kind === "delete-trail"
        ? ({ kind, effects: await trailDeletionEffects(trail!.id) } as const)
        : null;
  return {
    searchError: null,
    options: trails,
    trail,
    // Add a trail offers the first colour no trail has yet.
    defaultColor: nextPaletteColor(trails.map((option) => option.color)),
    points: coordinatePage(url, trail?.coordinates.length ?? 0),
    confirm,
    tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
  };
}

/**
 * Positions are shown 1-based (#1 first); each form names the trail version it showed, so stale edits are
 * refused. A coordinate's result lands on the page of the table that shows its row.
 */
export async function trailAction(request: Request, formData: FormData) {
  const submission = parseSubmission(formData, { schema: (await trailSchemasNow()).intent });
  if (submission.status !== "success")
    return invalid(submission, ["latitude", "longitude", "name", "color", ...TRAIL_FACT_KEYS]);
  const input = submission.value;
  if (input.intent === "save-details") {
    const { intent, trailId, version, name, color } = input;
    const saved = await updateTrailDetails(trailId, { name, color }, { expectedVersion: version });
    if (!saved.ok) return refused(intent, submission, trailRefusals[saved.reason]);
    return redirectWithToast(adminAreaUrl("trail", { trail: trailId }), {
      type: "success",
      message: trailAdminMessages.saved(saved.trail.name),
      anchor: anchors.trailDetails,
    });
  }
  if (input.intent === "delete-trail") {
    const deleted = await deleteTrail(input.trailId, { expectedVersion: input.version });
    if (!deleted.ok) return refused(input.intent, submission, trailRefusals[deleted.reason]);
    return redirectWithToast(adminAreaUrl("trail"), {
      type: "success",
      message: trailAdminMessages.deleted(deleted.trail.name),
      anchor: ADD_TRAIL_ANCHOR,
    });
  }
  if (input.intent === "save-facts") {
    const { intent, trailId, version, ...facts } = input;
    const saved = await updateTrailFacts(trailId, facts, { expectedVersion: version });
    if (!saved.ok)
      return refused(intent, submission, trailRefusals[saved.reason === "stale" ? "stale-facts" : saved.reason]);
    // The same page of coordinates as before.
    const page = new URL(request.url).searchParams.get("page");
    const back = adminAreaUrl("trail", { trail: trailId, page: page && /^\d{1,4}$/.test(page) ? page : null });
    return redirectWithToast(back, {
      type: "success",
      message: trailMessages.factsSaved(saved.trail.name),
      anchor: anchors.trailFacts,
    });
  }
  const expected = { expectedVersion: input.version };

  let edit;
  let message: string;
  // The row the result is shown in (1-based): the point itself, or after a deletion the one before it.
  let row: number;
  if (input.intent === "delete-coordinate") {
    edit = await deleteCoordinate(input.trailId, input.index, expected);
    message = trailMessages.coordinateDeleted(input.index + 1);
    row = Math.max(1, input.index);
  } else if (input.intent === "save-coordinate") {
    edit = await updateCoordinate(input.trailId, input.index, input, expected);
    message = trailMessages.coordinateSaved(input.index + 1);
    row = input.index + 1;
  } else {
    // Insert Below row i puts the new point at i + 1; Insert at End sends the length as its index.
    const at = input.intent === "insert-below" ? input.index + 1 : input.index;
    edit = await insertCoordinate(input.trailId, at, [input.longitude, input.latitude], expected);
    message = trailMessages.coordinateInserted(at + 1);
    row = at + 1;
  }
  if (!edit.ok) return refused(input.intent, submission, trailRefusals[edit.reason]);
  const back = adminAreaUrl("trail", { trail: input.trailId, page: pageParamFor(row) });
  return redirectWithToast(back, { type: "success", message, anchor: `point-${row}` });
}
