import * as z from "zod";
import { trailFactFields, trailFactsJsonSchema } from "~/schemas/facts";
import { ANYWHERE, type PlacementArea } from "~/lib/geo";
import {
  inArea,
  latitudeSchema,
  longitudeSchema,
  numberFromInput,
  placeOnCampus,
  unplacedLatitudeSchema,
  unplacedLongitudeSchema,
} from "~/schemas/geo-fields";
import { versionMessage, versionSchema } from "~/schemas/version";
import { trailCreateSchemaFor, trailDetailsIntents } from "~/schemas/trail-admin";

export const trailMessages = {
  stale: "This trail was changed by someone else. Reload to see the latest coordinates.",
  staleFacts: "This trail was changed by someone else since you opened it.",
  notFound: "Trail not found.",
  indexOutOfRange: "Coordinate not found.",
  coordinatePair: "The coordinate must be a [longitude, latitude] pair.",
  index: "The index must be a whole number of at least 0.",
  version: versionMessage,
  preconditionFailed:
    "This trail has changed since the version named in If-Match, so nothing was saved. Read it again for its current version (its ETag) and retry.",
  factsSaved: (trailName: string) => `Facts of the ${trailName} saved.`,
  coordinateDeleted: (number: number) => `Coordinate #${number} deleted.`,
  coordinateSaved: (number: number) => `Coordinate #${number} saved.`,
  coordinateInserted: (number: number) => `Coordinate #${number} inserted.`,
} as const;

/** A position in a trail's path (0-based). */
const coordinateIndexSchema = z.preprocess(
  numberFromInput,
  z.number({ error: trailMessages.index }).int(trailMessages.index).min(0, trailMessages.index),
);

/** Saving one point on the admin page: latitude and longitude by name, as the API takes them. */
const coordinateFields = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });

/** DELETE /api/trails/{id}/coordinate/{index}?version=: optionally the version the deletion was based on. */
export const coordinateDeleteQuerySchema = z.object({ version: versionSchema.optional() });

/**
 * The admin trail area's forms: each row of the coordinate table (Save, Insert Below, Delete) and Insert
 * at End name the trail, the position and the version the page showed, so a stale edit is refused.
 */
const trailFormFields = { trailId: z.string().max(100), index: coordinateIndexSchema, version: versionSchema };
const trailIntents = z.discriminatedUnion("intent", [
  // The trail's name and colour, and its deletion (app/schemas/trail-admin.ts).
  ...trailDetailsIntents,
  coordinateFields.extend({ intent: z.literal("save-coordinate"), ...trailFormFields }),
  coordinateFields.extend({ intent: z.literal("insert-below"), ...trailFormFields }),
  coordinateFields.extend({ intent: z.literal("insert-end"), ...trailFormFields }),
  z.object({ intent: z.literal("delete-coordinate"), ...trailFormFields }),
  // The facts on the trail's public page: no position, but the version the form showed, like every edit.
  z.object({
    intent: z.literal("save-facts"),
    trailId: trailFormFields.trailId,
    version: versionSchema,
    ...trailFactFields,
  }),
]);

/** The trail schemas a request checks against: every point must lie in the campus's `area` (decision 076). */
export function trailSchemasFor(area: PlacementArea) {
  return {
    /** One point of the admin page's forms. */
    coordinate: coordinateFields.superRefine(inArea(area)),
    /**
     * PATCH /api/trails/{id}/coordinate/{index}: the point, and optionally the version it was based on. A pair
     * that only fits the campus with its values exchanged is stored exchanged (`swapped`, see placeOnCampus).
     */
    coordinateUpdate: z
      .object({
        latitude: unplacedLatitudeSchema,
        longitude: unplacedLongitudeSchema,
        version: versionSchema.optional(),
      })
      .transform(({ version, ...given }, context) => {
        const placed = placeOnCampus(area, given, context);
        return placed ? { ...placed, version } : z.NEVER;
      }),
    /**
     * PATCH /api/trails/{id}/coordinate: insert `coordinate` ([longitude, latitude]) at `index`. A pair that
     * only fits the campus as [latitude, longitude] is stored the right way round (`swapped`, see placeOnCampus).
     */
    insertCoordinate: z
      .object({
        index: coordinateIndexSchema,
        coordinate: z
          .array(z.unknown(), { error: trailMessages.coordinatePair })
          .length(2, trailMessages.coordinatePair)
          .transform((pair, context) => {
            const parsed = z
              .object({ longitude: unplacedLongitudeSchema, latitude: unplacedLatitudeSchema })
              .safeParse({ longitude: pair[0], latitude: pair[1] });
            if (!parsed.success) {
              for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message });
              return z.NEVER;
            }
            return parsed.data;
          }),
        version: versionSchema.optional(),
      })
      .transform(({ index, coordinate, version }, context) => {
        const placed = placeOnCampus(area, coordinate, context, ["coordinate"]);
        if (!placed) return z.NEVER;
        return {
          index,
          coordinate: [placed.longitude, placed.latitude] as [number, number],
          version,
          swapped: placed.swapped,
        };
      }),
    intent: trailIntents.superRefine(inArea(area)),
    /** POST /api/trails: a new trail, its path within the area. */
    create: trailCreateSchemaFor(area),
  };
}

/** The shapes for the API's description, the page's own checks and tests: a place is checked only for being on Earth. */
export const {
  coordinate: coordinateSchema,
  coordinateUpdate: coordinateUpdateSchema,
  insertCoordinate: insertCoordinateSchema,
} = trailSchemasFor(ANYWHERE);
export const trailIntentSchema = trailIntents;

const lonLatSchema = z.tuple([z.number(), z.number()]);

/** A trail as the JSON API answers it (docs/api.md). */
export const trailJsonSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string().describe("The address of the trail's public page: /trails/{slug}."),
    color: z.string(),
    version: z
      .number()
      .int()
      .describe(
        "Changes with every edit of the trail (its coordinates and its facts); the answer's `ETag` names it. Send it as `If-Match` (412 when stale), or as `version` in a coordinate edit (409 when stale).",
      ),
    path: z.object({ type: z.literal("LineString"), coordinates: z.array(lonLatSchema) }),
  })
  .extend(trailFactsJsonSchema.shape);
export type TrailJson = z.infer<typeof trailJsonSchema>;

/** The landing page's map preview file: `<digest>.svg` (app/models/trail-preview.server.ts). */
export const trailPreviewFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16}\.svg$/)
  .transform((file) => file.slice(0, 16));

/**
 * The file name of a trail's drawn line, `/trails/lines/<trail id>-<digest>.svg` (decision 061): the
 * digest is of the drawing, so a changed path has a new address and this one never changes.
 */
export const trailLineFileSchema = z
  .string()
  .regex(/^[a-f0-9]{24}-[A-Za-z0-9_-]{16}\.svg$/)
  .transform((file) => ({ trailId: file.slice(0, 24), digest: file.slice(25, 41) }));
