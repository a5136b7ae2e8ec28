import { data } from "@remix-run/node";
import type * as z from "zod";
import { adminAreaUrl } from "~/lib/navigation";
import { fieldErrorsOf } from "~/http/api.server";
import { deleteCoordinate, getTrailWithCoordinates, insertCoordinate, listTrails, updateCoordinate, type TrailWriteResult } from "~/models/trail.server";
import { parseSearchQuery } from "~/schemas/text";
import { coordinateDeleteFormSchema, coordinateRowFormSchema, trailMessages } from "~/schemas/trail";
import { env } from "~/utils/env.server";
import type { SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";

export const trailIntents = ["save-coordinate", "insert-below", "insert-end", "delete-coordinate"] as const;
export type TrailIntent = (typeof trailIntents)[number];

/** What a refused trail edit sends back: which form, its messages, and what the admin typed. */
export type TrailActionData = {
  area: "trail";
  intent: TrailIntent | null;
  index: number | null;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
  values: { latitude: string; longitude: string };
};

/** ?option=trail&filter=<name part>&trail=<id>[&confirm=delete&index=<i>] */
export async function loadTrailArea(url: URL, _admin: SessionUser) {
  const { q: filter, error: searchError } = parseSearchQuery(url.searchParams.get("filter"));
  const requested = url.searchParams.get("trail");
  const trails = await listTrails();
  const matching = trails.filter((trail) => trail.name.toLowerCase().includes(filter.toLowerCase()));
  const chosen = trails.find((trail) => trail.id === requested) ?? matching[0] ?? null;
  const trail = chosen ? await getTrailWithCoordinates(chosen.id) : null;
  const confirmIndex = Number(url.searchParams.get("index"));
  const confirmDelete =
    trail && url.searchParams.get("confirm") === "delete" && Number.isInteger(confirmIndex) && confirmIndex >= 0 && confirmIndex < trail.coordinates.length
      ? { index: confirmIndex }
      : null;
  return {
    area: "trail" as const,
    filter,
    searchError,
    // The chosen trail stays in the list even when the filter no longer matches it.
    options: chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching,
    trail,
    confirmDelete,
    tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
  };
}
export type TrailAreaData = Awaited<ReturnType<typeof loadTrailArea>>;

function text(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function refused(
  status: number,
  intent: TrailIntent | null,
  index: number | null,
  formData: FormData,
  problem: { fieldErrors?: Record<string, string[]>; formError?: string },
) {
  const fieldErrors = problem.fieldErrors ?? {};
  const body: TrailActionData = {
    area: "trail",
    intent,
    index,
    fieldErrors,
    formError: problem.formError ?? Object.values(fieldErrors)[0]?.[0] ?? null,
    values: { latitude: text(formData, "latitude"), longitude: text(formData, "longitude") },
  };
  return data(body, { status });
}

function failureStatus(result: Exclude<TrailWriteResult, { ok: true }>) {
  return result.reason === "stale"
    ? { status: 409, formError: trailMessages.stale }
    : { status: 404, formError: result.reason === "not-found" ? trailMessages.notFound : trailMessages.indexOutOfRange };
}

/** Intents: save-coordinate, insert-below, insert-end, delete-coordinate. Positions are shown 1-based (#1 first). */
export async function trailAction(request: Request, formData: FormData, _admin: SessionUser) {
  const intentValue = text(formData, "intent");
  const intent = (trailIntents as readonly string[]).includes(intentValue) ? (intentValue as TrailIntent) : null;
  const trailId = text(formData, "trailId");
  const back = adminAreaUrl("trail", { trail: trailId, filter: text(formData, "filter") });
  const fields = Object.fromEntries(formData);
  if (!intent) return refused(400, null, null, formData, { formError: "Unknown action." });

  const parsed =
    intent === "delete-coordinate" ? coordinateDeleteFormSchema.safeParse(fields) : coordinateRowFormSchema.safeParse(fields);
  const rawIndex = Number(text(formData, "index"));
  const rowIndex = Number.isInteger(rawIndex) ? rawIndex : null;
  if (!parsed.success) return refused(400, intent, rowIndex, formData, { fieldErrors: fieldErrorsOf(parsed.error as z.ZodError) });

  const { index, version } = parsed.data;
  const options = { expectedVersion: version };
  let result: TrailWriteResult;
  let message: string;
  if (intent === "delete-coordinate") {
    result = await deleteCoordinate(trailId, index, options);
    message = `Coordinate #${index + 1} deleted.`;
  } else {
    const { latitude, longitude } = parsed.data as z.infer<typeof coordinateRowFormSchema>;
    if (intent === "save-coordinate") {
      result = await updateCoordinate(trailId, index, { latitude, longitude }, options);
      message = `Coordinate #${index + 1} saved.`;
    } else {
      // Insert Below row i puts the new point at i + 1; Insert at End sends the length as its index.
      const at = intent === "insert-below" ? index + 1 : index;
      result = await insertCoordinate(trailId, at, [longitude, latitude], options);
      message = `Coordinate #${at + 1} inserted.`;
    }
  }
  if (!result.ok) {
    const { status, formError } = failureStatus(result);
    return refused(status, intent, index, formData, { formError });
  }
  return redirectWithToast(back, { type: "success", message });
}
