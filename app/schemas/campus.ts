import * as z from "zod";
import { decimalSchema } from "~/schemas/geo-fields";
import { displayText } from "~/schemas/text";
import { versionSchema } from "~/schemas/version";

const CAMPUS_NAME_MAX_LENGTH = 100;

export const campusMessages = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${CAMPUS_NAME_MAX_LENGTH} characters.`,
  timeZoneRequired: "Time zone is required, e.g. America/Chicago.",
  unknownTimeZone: (given: string) => `Unknown time zone "${given}". Use a name like America/Chicago.`,
  centerBoth: "Give both the latitude and the longitude of the centre, or neither.",
  centerLatitude: "The centre's latitude must be a number from -90 to 90, e.g. 41.8781.",
  centerLongitude: "The centre's longitude must be a number from -180 to 180, e.g. -87.6298.",
  centerPair: "The centre must be a [longitude, latitude] pair, or null.",
  nothingToUpdate: "Send at least one of name, timeZone or center.",
  saved: "Campus settings saved.",
  stale: "The campus settings were changed by someone else since you opened them.",
} as const;

/**
 * The IANA name of a time zone this server's clock data knows, in its canonical spelling
 * ("america/chicago" is stored as "America/Chicago"); anything else is refused naming what was given.
 */
function canonicalTimeZone(given: string): string | null {
  // Offsets and abbreviations ("+02:00", "EST") are not places: a campus keeps its zone's daylight rules.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(given) || !given.includes("/")) return given === "UTC" ? "UTC" : null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: given }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const timeZoneSchema = z
  .string({ error: campusMessages.timeZoneRequired })
  .trim()
  .min(1, campusMessages.timeZoneRequired)
  .transform((given, context) => {
    const zone = given.length <= 64 ? canonicalTimeZone(given) : null;
    if (zone) return zone;
    context.addIssue({ code: "custom", message: campusMessages.unknownTimeZone(given) });
    return z.NEVER;
  });

const nameSchema = displayText({
  label: "Name",
  required: campusMessages.nameRequired,
  max: CAMPUS_NAME_MAX_LENGTH,
  tooLong: campusMessages.nameTooLong,
});

const centerLatitude = decimalSchema({
  missing: campusMessages.centerBoth,
  notNumber: campusMessages.centerLatitude,
}).refine((value) => value >= -90 && value <= 90, campusMessages.centerLatitude);
const centerLongitude = decimalSchema({
  missing: campusMessages.centerBoth,
  notNumber: campusMessages.centerLongitude,
}).refine((value) => value >= -180 && value <= 180, campusMessages.centerLongitude);

/**
 * The Campus area's form: every field, numbers as text; the centre is both fields or neither (blank: the
 * middle of the trails and benches). It carries the version it was opened at, so a stale save is refused.
 */
export const campusFormSchema = z
  .object({
    intent: z.literal("save-campus"),
    name: nameSchema,
    timeZone: timeZoneSchema,
    centerLatitude: centerLatitude.optional(),
    centerLongitude: centerLongitude.optional(),
    version: versionSchema,
  })
  .superRefine((value, context) => {
    const missing =
      value.centerLatitude === undefined
        ? "centerLatitude"
        : value.centerLongitude === undefined
          ? "centerLongitude"
          : null;
    if (missing && (value.centerLatitude !== undefined || value.centerLongitude !== undefined)) {
      context.addIssue({ code: "custom", message: campusMessages.centerBoth, path: [missing] });
    }
  });

/** The centre a form gave: both numbers, or neither (none). */
export function formCenter(value: { centerLatitude?: number; centerLongitude?: number }): [number, number] | null {
  return value.centerLatitude !== undefined && value.centerLongitude !== undefined
    ? [value.centerLongitude, value.centerLatitude]
    : null;
}

const centerSchema = z.tuple([centerLongitude, centerLatitude], { error: campusMessages.centerPair });

/** PATCH /api/campus: only the fields given change; `center: null` takes the centre away. */
export const campusPatchSchema = z
  .object({
    name: nameSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    center: centerSchema.nullable().optional(),
  })
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), campusMessages.nothingToUpdate);
export type CampusChange = { name?: string; timeZone?: string; center?: [number, number] | null };

/** The campus as the JSON API answers it (docs/api.md). */
export const campusJsonSchema = z.object({
  name: z.string().describe("Where the site names its place: the footer, About and page titles."),
  timeZone: z.string().describe("IANA time zone: every date and time the pages show is on this clock."),
  center: z
    .tuple([z.number(), z.number()])
    .nullable()
    .describe("[longitude, latitude] where the map is centred; null: the middle of the trails and benches."),
  version: z.number().int().describe("Changes with every change of the settings."),
});
export type CampusJson = z.infer<typeof campusJsonSchema>;
