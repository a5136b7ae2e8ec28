import * as z from "zod";
import { benchFactFields, benchFactsJsonSchema } from "~/schemas/facts";
import { idSchema } from "~/schemas/id";
import { displayText } from "~/schemas/text";
import { versionSchema } from "~/schemas/version";
import { storedVideoLink } from "~/schemas/video";
import { decimalSchema, inArea, latitudeSchema, longitudeSchema } from "~/schemas/geo-fields";
import { ANYWHERE, type PlacementArea } from "~/lib/geo";

const BENCH_LOCATION_MAX_LENGTH = 200;
const BENCH_VIDEO_TITLE_MAX_LENGTH = 200;

export const benchMessages = {
  numberRequired: "Bench number is required.",
  numberInvalid: "Bench number must be a whole number of at least 1.",
  duplicate: (benchNumber: number) => `Bench #${benchNumber} already exists.`,
  locationRequired: "Location is required.",
  locationTooLong: `Location must be at most ${BENCH_LOCATION_MAX_LENGTH} characters.`,
  titleRequired: "Title is required.",
  titleTooLong: `Title must be at most ${BENCH_VIDEO_TITLE_MAX_LENGTH} characters.`,
  urlInvalid: "Please enter an https link to a YouTube or Vimeo video, a video file (.mp4 or .webm) or a web page.",
  notFound: "Bench not found.",
  videoNotFound: "Video not found.",
  trailUnknown: "Choose one of the trails, or none.",
  nothingToUpdate: "Send at least one bench field to change.",
  stale: "This bench was changed by someone else since you opened it.",
  created: (benchNumber: number) => `Bench #${benchNumber} created.`,
  updated: (benchNumber: number) => `Bench #${benchNumber} updated.`,
  factsSaved: (benchNumber: number) => `Facts of bench #${benchNumber} saved.`,
  deleted: (benchNumber: number) => `Bench #${benchNumber} deleted.`,
  videoAdded: (title: string, benchNumber: number) => `Video "${title}" added to bench #${benchNumber}.`,
  videoRemoved: (title: string | undefined, benchNumber: number) =>
    `Video ${title ? `"${title}" ` : ""}removed from bench #${benchNumber}.`,
  preconditionFailed:
    "This bench has changed since the version named in If-Match, so nothing was saved. Read it again for its current version (its ETag) and retry.",
} as const;

const benchNumberSchema = decimalSchema({
  missing: benchMessages.numberRequired,
  notNumber: benchMessages.numberInvalid,
}).refine((value) => Number.isInteger(value) && value >= 1 && value <= 1_000_000, benchMessages.numberInvalid);

/** Every field of a bench, as the admin forms send them. */
export const benchFormSchema = z.object({
  bench_number: benchNumberSchema,
  location: displayText({
    label: "Location",
    required: benchMessages.locationRequired,
    max: BENCH_LOCATION_MAX_LENGTH,
    tooLong: benchMessages.locationTooLong,
  }),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  // Optional link to a trail; blank (the "No trail" choice) means none.
  trailId: z.preprocess(
    (value) => (value === "" ? null : value),
    idSchema(benchMessages.trailUnknown).nullable().optional(),
  ),
  // The facts on the bench's page; a client that sends none leaves them unrecorded (or as they are).
  backrest: benchFactFields.backrest.optional(),
  armrests: benchFactFields.armrests.optional(),
  shade: benchFactFields.shade.optional(),
  seatHeightCm: benchFactFields.seatHeightCm.optional(),
  wheelchairSpace: benchFactFields.wheelchairSpace.optional(),
});

/** The old client sends bench_number; `benchNumber` is accepted too. */
function acceptBenchNumberAlias(value: unknown) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const { benchNumber, ...rest } = value as Record<string, unknown>;
    if (benchNumber !== undefined && rest.bench_number === undefined) return { ...rest, bench_number: benchNumber };
  }
  return value;
}

/** POST /api/bench/bench and the admin create form, for a campus whose points must lie in `area`. Numbers arrive as text from forms. */
function benchCreateSchemaFor(area: PlacementArea) {
  return z.preprocess(acceptBenchNumberAlias, benchFormSchema.superRefine(inArea(area)));
}

/** PATCH /api/bench/bench/{id} (partial) and the admin edit form (which sends every field). */
function benchUpdateSchemaFor(area: PlacementArea) {
  return z.preprocess(
    acceptBenchNumberAlias,
    benchFormSchema
      .partial()
      .refine((fields) => Object.values(fields).some((value) => value !== undefined), benchMessages.nothingToUpdate)
      .superRefine(inArea(area)),
  );
}

/** The shapes for the API's description and for tests: a place is checked only for being on Earth. */
export const benchCreateSchema = benchCreateSchemaFor(ANYWHERE);
export type BenchCreateInput = z.infer<typeof benchCreateSchema>;
export const benchUpdateSchema = benchUpdateSchemaFor(ANYWHERE);
export type BenchUpdateInput = z.infer<typeof benchUpdateSchema>;

export const benchVideoSchema = z.object({
  title: displayText({
    label: "Title",
    required: benchMessages.titleRequired,
    max: BENCH_VIDEO_TITLE_MAX_LENGTH,
    tooLong: benchMessages.titleTooLong,
  }),
  // The same links as the video library's, stored in the same normalised form.
  url: storedVideoLink(z.string({ error: benchMessages.urlInvalid }), benchMessages.urlInvalid),
});
export type BenchVideoInput = z.infer<typeof benchVideoSchema>;

/**
 * The admin Bench area: create a bench, edit or delete the chosen one, add a video to it or delete one
 * (deletions after a confirmation). The forms send every field, numbers as text. The edit, facts and
 * delete forms carry the bench's version they were opened with, so a stale one is refused; adding or
 * removing a video overwrites nothing, so those forms do not.
 */
// Ids only: anything else (a NUL byte, a 100-character string) cannot name a row and never reaches a query.
const benchId = idSchema(benchMessages.notFound);
const benchIntents = z.discriminatedUnion("intent", [
  benchFormSchema.extend({ intent: z.literal("create-bench") }),
  benchFormSchema.extend({ intent: z.literal("update-bench"), benchId, version: versionSchema }),
  // The facts form sends every fact: a blank one is "not recorded" (null).
  z.object({ intent: z.literal("save-bench-facts"), benchId, version: versionSchema, ...benchFactFields }),
  z.object({ intent: z.literal("delete-bench"), benchId, version: versionSchema }),
  benchVideoSchema.extend({ intent: z.literal("add-video"), benchId }),
  z.object({ intent: z.literal("delete-video"), benchId, videoId: idSchema(benchMessages.videoNotFound) }),
]);
export const benchIntentSchema = benchIntents;

/** The bench schemas a request checks against: a bench's place must lie in the campus's `area` (decision 076). */
export function benchSchemasFor(area: PlacementArea) {
  return {
    create: benchCreateSchemaFor(area),
    update: benchUpdateSchemaFor(area),
    intent: benchIntents.superRefine(inArea(area)),
  };
}

const benchVideoJsonSchema = z.object({ _id: z.string(), title: z.string(), url: z.string() });

/** A bench as the JSON API answers it (docs/api.md). */
export const benchJsonSchema = z
  .object({
    _id: z.string(),
    bench_number: z.number().int(),
    location: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    videos: z.array(benchVideoJsonSchema),
    version: z
      .number()
      .int()
      .describe(
        "Changes with every edit of the bench (its fields, facts and videos); a single bench's answer names it in `ETag`. Send it as `If-Match` to have a stale edit refused (412).",
      ),
  })
  .extend(benchFactsJsonSchema.shape);
export type BenchJson = z.infer<typeof benchJsonSchema>;
