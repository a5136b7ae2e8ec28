import * as z from "zod";
import { isOnEarth, placementRefusal, type LonLat, type PlacementArea } from "~/lib/geo";

export const geoMessages = {
  bothRequired: "Please provide both latitude and longitude",
  latitudeRange: "Latitude must be between -90 and 90.",
  longitudeRange: "Longitude must be between -180 and 180.",
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
    z
      .number({ error: (issue) => (issue.input === undefined ? messages.missing : messages.notNumber) })
      .refine(Number.isFinite, messages.notNumber),
  );
}

export const latitudeSchema = decimalSchema({
  missing: geoMessages.bothRequired,
  notNumber: geoMessages.latitudeNumber,
}).refine((value) => Math.abs(value) <= 90, geoMessages.latitudeRange);

export const longitudeSchema = decimalSchema({
  missing: geoMessages.bothRequired,
  notNumber: geoMessages.longitudeNumber,
}).refine((value) => Math.abs(value) <= 180, geoMessages.longitudeRange);

/** Latitude and longitude as numbers, not yet checked against the campus area. */
export const unplacedLatitudeSchema = decimalSchema({
  missing: geoMessages.bothRequired,
  notNumber: geoMessages.latitudeNumber,
});
export const unplacedLongitudeSchema = decimalSchema({
  missing: geoMessages.bothRequired,
  notNumber: geoMessages.longitudeNumber,
});

/**
 * The check of a place against the campus's area (decision 076), for a form or body whose latitude and
 * longitude were checked field by field: refused with how far it is, at the latitude (the longitude when
 * only it was sent). A change of one of the two is checked as if the other were in the area's middle.
 */
export function inArea(area: PlacementArea) {
  return (value: object, context: z.RefinementCtx) => {
    const { box } = area;
    if (!box) return;
    const { latitude, longitude } = value as { latitude?: unknown; longitude?: unknown };
    const lat = typeof latitude === "number" ? latitude : undefined;
    const lon = typeof longitude === "number" ? longitude : undefined;
    // Nothing to place, or a value off the Earth that its own field already refused.
    if ((lat === undefined && lon === undefined) || Math.abs(lat ?? 0) > 90 || Math.abs(lon ?? 0) > 180) return;
    const refusal = placementRefusal(area, [lon ?? (box[0] + box[2]) / 2, lat ?? (box[1] + box[3]) / 2]);
    if (refusal)
      context.addIssue({ code: "custom", message: refusal, path: [lat !== undefined ? "latitude" : "longitude"] });
  };
}

type Point = { latitude: number; longitude: number };
type PlacedPoint = Point & { swapped: boolean };

const lonLat = ({ latitude, longitude }: Point): LonLat => [longitude, latitude];
const fits = (area: PlacementArea, point: Point) =>
  isOnEarth(lonLat(point)) && placementRefusal(area, lonLat(point)) === null;

/**
 * The one rule for API clients that name latitude and longitude the wrong way round (the Spring 2025
 * client's trail editor does). A pair that lies outside the campus's area as given but inside it with the
 * two exchanged can only have been meant exchanged: it is taken so, with `swapped: true` for the caller to
 * report. Any other pair is refused (null) with the strict fields' messages or the area's, at `path`
 * (default: the fields themselves). An empty campus takes any place on Earth as given. Admin pages do not
 * use this: their form labels each field, so there a swap is a typing error the person should see.
 */
export function placeOnCampus(
  area: PlacementArea,
  given: Point,
  context: z.RefinementCtx,
  path?: (string | number)[],
): PlacedPoint | null {
  if (fits(area, given)) return { ...given, swapped: false };
  const exchanged = { latitude: given.longitude, longitude: given.latitude };
  if (fits(area, exchanged)) return { ...exchanged, swapped: true };
  const issues: { message: string; field: string }[] = [];
  if (Math.abs(given.latitude) > 90) issues.push({ message: geoMessages.latitudeRange, field: "latitude" });
  if (Math.abs(given.longitude) > 180) issues.push({ message: geoMessages.longitudeRange, field: "longitude" });
  if (issues.length === 0)
    issues.push({ message: placementRefusal(area, lonLat(given)) ?? geoMessages.latitudeRange, field: "latitude" });
  for (const { message, field } of issues) context.addIssue({ code: "custom", message, path: path ?? [field] });
  return null;
}
