import * as z from "zod";
import { EDITABLE_AREA } from "~/lib/geo";

export const geoMessages = {
  bothRequired: "Please provide both latitude and longitude",
  latitudeRange: `Latitude must be within the campus area (${EDITABLE_AREA.minLatitude.toFixed(2)} to ${EDITABLE_AREA.maxLatitude.toFixed(2)}).`,
  longitudeRange: `Longitude must be within the campus area (${EDITABLE_AREA.minLongitude.toFixed(2)} to ${EDITABLE_AREA.maxLongitude.toFixed(2)}).`,
  latitudeNumber: "Latitude must be a number, e.g. 33.9812.",
  longitudeNumber: "Longitude must be a number, e.g. -84.0051.",
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

export const latitudeSchema = decimalSchema({ missing: geoMessages.bothRequired, notNumber: geoMessages.latitudeNumber })
  .refine((value) => value >= EDITABLE_AREA.minLatitude && value <= EDITABLE_AREA.maxLatitude, geoMessages.latitudeRange);

export const longitudeSchema = decimalSchema({ missing: geoMessages.bothRequired, notNumber: geoMessages.longitudeNumber })
  .refine((value) => value >= EDITABLE_AREA.minLongitude && value <= EDITABLE_AREA.maxLongitude, geoMessages.longitudeRange);
