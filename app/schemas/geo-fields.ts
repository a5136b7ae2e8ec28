import * as z from "zod";
import { EDITABLE_AREA } from "~/lib/geo";

export const geoMessages = {
  bothRequired: "Please provide both latitude and longitude",
  latitudeRange: `Latitude must be within the campus area (${EDITABLE_AREA.minLatitude.toFixed(2)} to ${EDITABLE_AREA.maxLatitude.toFixed(2)}).`,
  longitudeRange: `Longitude must be within the campus area (${EDITABLE_AREA.minLongitude.toFixed(2)} to ${EDITABLE_AREA.maxLongitude.toFixed(2)}).`,
  latitudeNumber: "Latitude must be a number, e.g. 33.9812.",
  longitudeNumber: "Longitude must be a number, e.g. -84.0051.",
  swappedStoredCorrected: "latitude and longitude were swapped; stored corrected",
} as const;

/** Forms send text and JSON clients numbers: both become numbers; blank text counts as missing. */
export function numberFromInput(value: unknown) {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return text === "" ? undefined : Number(text);
}

/** A decimal number (text or number); `missing` when absent, `notNumber` when not a finite number. */
export function decimalSchema(messages: { missing: string; notNumber: string }) {
  return z.preprocess(
    numberFromInput,
    z.number({ error: (issue) => (issue.input === undefined ? messages.missing : messages.notNumber) }).refine(Number.isFinite, messages.notNumber),
  );
}

export const latitudeSchema = decimalSchema({ missing: geoMessages.bothRequired, notNumber: geoMessages.latitudeNumber }).refine(
  (value) => value >= EDITABLE_AREA.minLatitude && value <= EDITABLE_AREA.maxLatitude,
  geoMessages.latitudeRange,
);

export const longitudeSchema = decimalSchema({ missing: geoMessages.bothRequired, notNumber: geoMessages.longitudeNumber }).refine(
  (value) => value >= EDITABLE_AREA.minLongitude && value <= EDITABLE_AREA.maxLongitude,
  geoMessages.longitudeRange,
);

/** Latitude and longitude as numbers, not yet checked against the campus area. */
export const unplacedLatitudeSchema = decimalSchema({ missing: geoMessages.bothRequired, notNumber: geoMessages.latitudeNumber });
export const unplacedLongitudeSchema = decimalSchema({ missing: geoMessages.bothRequired, notNumber: geoMessages.longitudeNumber });

const campusPointSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });

type Point = { latitude: number; longitude: number };
type PlacedPoint = Point & { swapped: boolean };

/**
 * The one rule for API clients that name latitude and longitude the wrong way round (the Spring 2025
 * client's trail editor does). The campus area's latitudes (about 34) and longitudes (about -84) are far
 * apart, so a pair that lies outside the area as given but inside it with the two exchanged can only
 * have been meant exchanged: it is taken so, with `swapped: true` for the caller to report. Any other
 * pair outside the area is refused (null) with the same messages as the strict fields, at `path` (default:
 * the fields themselves). Admin pages do not use this: their form labels each field, so there a swap is a
 * typing error the person should see.
 */
export function placeOnCampus(given: Point, context: z.RefinementCtx, path?: (string | number)[]): PlacedPoint | null {
  const asGiven = campusPointSchema.safeParse(given);
  if (asGiven.success) return { ...asGiven.data, swapped: false };
  const exchanged = campusPointSchema.safeParse({ latitude: given.longitude, longitude: given.latitude });
  if (exchanged.success) return { ...exchanged.data, swapped: true };
  for (const issue of asGiven.error.issues) {
    context.addIssue({ code: "custom", message: issue.message, path: path ?? issue.path });
  }
  return null;
}
