import * as z from "zod";
import { geoMessages, latitudeSchema, longitudeSchema, numberFromInput } from "~/schemas/geo-fields";

export { geoMessages };

export const trailMessages = {
  stale: "This trail was changed by someone else. Reload to see the latest coordinates.",
  notFound: "Trail not found.",
  indexOutOfRange: "Coordinate not found.",
  coordinatePair: "The coordinate must be a [longitude, latitude] pair.",
  index: "The index must be a whole number of at least 0.",
} as const;

/** A position in a trail's path (0-based). */
export const coordinateIndexSchema = z.preprocess(
  numberFromInput,
  z.number({ error: trailMessages.index }).int(trailMessages.index).min(0, trailMessages.index),
);

/** Saving one point: latitude and longitude by name (SPEC §7), validated to the campus area. */
export const coordinateSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
export type CoordinateInput = z.infer<typeof coordinateSchema>;

/** PATCH /api/trails/{id}/coordinate: insert `coordinate` ([longitude, latitude]) at `index`. */
export const insertCoordinateSchema = z.object({
  index: coordinateIndexSchema,
  coordinate: z
    .array(z.unknown(), { error: trailMessages.coordinatePair })
    .length(2, trailMessages.coordinatePair)
    .transform((pair, context) => {
      const parsed = coordinateSchema.safeParse({ longitude: pair[0], latitude: pair[1] });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message });
        return z.NEVER;
      }
      return [parsed.data.longitude, parsed.data.latitude] as [number, number];
    }),
});
export type InsertCoordinateInput = z.infer<typeof insertCoordinateSchema>;

/** The admin coordinate table: each row form carries the trail version it was rendered from. */
export const coordinateRowFormSchema = coordinateSchema.extend({
  index: coordinateIndexSchema,
  version: z.preprocess(numberFromInput, z.number().int().min(0)),
});
export const coordinateDeleteFormSchema = z.object({
  index: coordinateIndexSchema,
  version: z.preprocess(numberFromInput, z.number().int().min(0)),
});

const lonLatSchema = z.tuple([z.number(), z.number()]);

/** A trail as the JSON API answers it (SPEC §7 / issue 7). */
export const trailJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  path: z.object({ type: z.literal("LineString"), coordinates: z.array(lonLatSchema) }),
});
export type TrailJson = z.infer<typeof trailJsonSchema>;
