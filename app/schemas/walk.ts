import * as z from "zod";
import { numberFromInput } from "~/schemas/geo-fields";
import { isId } from "~/schemas/id";

/** Longest walk a log accepts: 10 hours. */
export const MAX_WALK_MINUTES = 600;
export const MAX_WALK_LAPS = 20;
/** Longest distance a log accepts: 50 miles, far beyond a day on the campus trails. */
export const MAX_WALK_MILES = 50;
/** The earliest date a walk may carry. */
const EARLIEST_WALK_DATE = "2000-01-01";

export const walkMessages = {
  trailRequired: "Choose the trail you walked.",
  trailUnknown: "Choose one of the trails.",
  dateRequired: "Enter the date of the walk.",
  dateInvalid: "Enter the date as year-month-day, e.g. 2025-03-19.",
  dateInFuture: "The date of a walk cannot be in the future.",
  dateTooOld: "The date of a walk must be in the year 2000 or later.",
  durationInvalid: `Duration must be a number of minutes, more than 0 and at most ${MAX_WALK_MINUTES}.`,
  lapsInvalid: `Laps must be a number, more than 0 and at most ${MAX_WALK_LAPS}.`,
  distanceInvalid: `Distance must be a number of miles, more than 0 and at most ${MAX_WALK_MILES}.`,
  notFound: "Walk not found.",
  logged: "Walk saved.",
  deleted: "Walk deleted.",
} as const;

/** YYYY-MM-DD of a moment in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A real calendar day in YYYY-MM-DD form (no 2025-02-30). */
function isCalendarDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

/**
 * The walker's own calendar day. The server does not know their time zone, so "the future" starts the day
 * after tomorrow in UTC: a walk logged just after midnight in the furthest time zone east is still accepted.
 */
const walkDateSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() || undefined : value),
  z
    .string({ error: (issue) => (issue.input === undefined ? walkMessages.dateRequired : walkMessages.dateInvalid) })
    .refine(isCalendarDay, { message: walkMessages.dateInvalid, abort: true })
    .refine((value) => value >= EARLIEST_WALK_DATE, walkMessages.dateTooOld)
    .refine((value) => value <= isoDay(new Date(Date.now() + 86_400_000)), walkMessages.dateInFuture),
);

/** An optional positive number at most `max` (text from forms, numbers from JSON); blank means absent. */
function optionalPositive(max: number, message: string) {
  return z.preprocess(
    (value) => (value === null ? undefined : numberFromInput(value)),
    z
      .number({ error: message })
      .refine((value) => Number.isFinite(value) && value > 0 && value <= max, message)
      .optional(),
  );
}

/**
 * One walk, as the "Log a walk" form, the walk map's Finish form and POST /api/walks all send it: the trail,
 * the day, and optionally the duration in minutes and either the distance in miles or a number of laps of
 * the trail. Without a distance the walk is `laps` (default 1) times the trail's length.
 */
export const walkInputSchema = z.object({
  trailId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string({
        error: (issue) => (issue.input === undefined ? walkMessages.trailRequired : walkMessages.trailUnknown),
      })
      .refine(isId, walkMessages.trailUnknown),
  ),
  date: walkDateSchema,
  durationMinutes: optionalPositive(MAX_WALK_MINUTES, walkMessages.durationInvalid),
  laps: optionalPositive(MAX_WALK_LAPS, walkMessages.lapsInvalid),
  distanceMiles: optionalPositive(MAX_WALK_MILES, walkMessages.distanceInvalid),
});
export type WalkInput = z.output<typeof walkInputSchema>;

/** My walks page: log a walk, or delete one (after the confirmation step). */
export const walkIntentSchema = z.discriminatedUnion("intent", [
  walkInputSchema.extend({ intent: z.literal("log") }),
  z.object({ intent: z.literal("delete"), walkId: z.string().max(100) }),
]);

/** A walk as the JSON API answers it. */
export const walkJsonSchema = z.object({
  _id: z.string(),
  trailId: z.string().nullable().describe("Null once the trail was deleted; `trailName` still names it."),
  trailName: z.string(),
  date: z.string().describe("The walker's calendar day, YYYY-MM-DD"),
  durationMinutes: z.number().nullable(),
  distanceMetres: z.number(),
  distanceMiles: z.number(),
  steps: z.number().int().describe("Estimated from the distance at a stride of 0.805 m (2,000 steps a mile)"),
});
export type WalkJson = z.infer<typeof walkJsonSchema>;
