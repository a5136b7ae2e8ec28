import * as z from "zod";
import { LIGHTING_LEVELS, SHADE_LEVELS, SURFACES } from "~/lib/facts";
import { displayText } from "~/schemas/text";

// Trail and bench facts as the admin forms send them (text, blank for "not recorded") and as the API
// sends them (JSON numbers, booleans and null). One schema per fact serves both.

const FACT_TEXT_MAX_LENGTH = 200;

const factMessages = {
  surface: `Surface must be one of: ${SURFACES.join(", ")}.`,
  steps: "Steps must be a whole number from 0 to 1000.",
  stepFreeConflict: "A step-free trail has 0 steps: send stepFree or steps, not two that disagree.",
  stepsNeeded: "Give the number of steps (at least 1) when the trail is not step-free.",
  stepsLocationTooLong: `Where the steps are must be at most ${FACT_TEXT_MAX_LENGTH} characters.`,
  grade: "Steepest grade must be a percentage from 0 to 100.",
  shade: `Shade must be one of: ${SHADE_LEVELS.join(", ")}.`,
  lighting: `Lighting must be one of: ${LIGHTING_LEVELS.join(", ")}.`,
  restroomsTooLong: `Where the restrooms are must be at most ${FACT_TEXT_MAX_LENGTH} characters.`,
  waterTooLong: `Where the water is must be at most ${FACT_TEXT_MAX_LENGTH} characters.`,
  seatHeight: "Seat height must be a whole number of centimetres from 20 to 120.",
  nothingToUpdate: "Send at least one trail fact to change.",
  yesNo: (label: string) => `${label} must be yes, no or not recorded.`,
} as const;

/**
 * Blank form text is "not recorded" (null), as are JSON null and a field a form left out. Where a field
 * may be left out to keep its value (the API's partial updates), the schema wraps it in `.optional()`,
 * which answers undefined before this runs.
 */
const blankIsNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

function nullableChoice<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(blankIsNull, z.enum(values, { error: message }).nullable());
}

function nullableNumber(message: string, check: (value: number) => boolean) {
  return z.preprocess(
    (value) => {
      const blank = blankIsNull(value);
      return typeof blank === "string" ? Number(blank.trim()) : blank;
    },
    z
      .number({ error: message })
      .refine((value) => Number.isFinite(value) && check(value), message)
      .nullable(),
  );
}

function nullableYesNo(label: string) {
  return z.preprocess(
    (value) => {
      const blank = blankIsNull(value);
      if (blank === "yes" || blank === "true") return true;
      if (blank === "no" || blank === "false") return false;
      return blank;
    },
    z.boolean({ error: factMessages.yesNo(label) }).nullable(),
  );
}

function nullableText(label: string, tooLong: string) {
  return z
    .preprocess(blankIsNull, displayText({ label, max: FACT_TEXT_MAX_LENGTH, tooLong }).nullable())
    .transform((value) => value || null);
}

export const trailFactFields = {
  surface: nullableChoice(SURFACES, factMessages.surface),
  steps: nullableNumber(factMessages.steps, (value) => Number.isInteger(value) && value >= 0 && value <= 1000),
  stepsLocation: nullableText("Where the steps are", factMessages.stepsLocationTooLong),
  steepestGradePercent: nullableNumber(factMessages.grade, (value) => value >= 0 && value <= 100),
  shade: nullableChoice(SHADE_LEVELS, factMessages.shade),
  lighting: nullableChoice(LIGHTING_LEVELS, factMessages.lighting),
  restrooms: nullableText("Where the restrooms are", factMessages.restroomsTooLong),
  water: nullableText("Where the water is", factMessages.waterTooLong),
};

/** The admin Trail area's facts form: every fact, blank for not recorded; 0 steps is step-free. */
export const trailFactsFormSchema = z.object(trailFactFields);

/**
 * A change of a trail's facts: the admin form sends every field, the API any of them. `stepFree` (API)
 * is another way to say the steps: true is 0 steps; false needs `steps` of at least 1 beside it.
 */
export const trailFactsUpdateSchema = z
  .object({ ...trailFactFields, stepFree: nullableYesNo("Step-free").optional() })
  .partial()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), factMessages.nothingToUpdate)
  .transform(({ stepFree, ...facts }, context) => {
    if (stepFree === true) {
      if (facts.steps !== undefined && facts.steps !== null && facts.steps !== 0) {
        context.addIssue({ code: "custom", path: ["stepFree"], message: factMessages.stepFreeConflict });
        return z.NEVER;
      }
      facts.steps = 0;
    } else if (stepFree === false && (facts.steps === undefined || facts.steps === null || facts.steps === 0)) {
      context.addIssue({ code: "custom", path: ["steps"], message: factMessages.stepsNeeded });
      return z.NEVER;
    } else if (stepFree === null && facts.steps === undefined) {
      facts.steps = null;
    }
    return facts;
  });
export type TrailFactsUpdate = z.infer<typeof trailFactsUpdateSchema>;

export const benchFactFields = {
  backrest: nullableYesNo("Backrest"),
  armrests: nullableYesNo("Armrests"),
  shade: nullableChoice(SHADE_LEVELS, factMessages.shade),
  seatHeightCm: nullableNumber(
    factMessages.seatHeight,
    (value) => Number.isInteger(value) && value >= 20 && value <= 120,
  ),
  wheelchairSpace: nullableYesNo("Room for a wheelchair"),
};

/** The admin Bench area's facts form: every fact, blank for not recorded. */
export const benchFactsFormSchema = z.object(benchFactFields);

const shadeJson = z.enum(SHADE_LEVELS).nullable();

/** The facts a trail carries in the JSON API (null: not recorded). */
export const trailFactsJsonSchema = z.object({
  surface: z.enum(SURFACES).nullable(),
  stepFree: z.boolean().nullable(),
  steps: z.number().int().nullable().describe("0 on a step-free trail; null when not recorded."),
  stepsLocation: z.string().nullable(),
  steepestGradePercent: z.number().nullable(),
  shade: shadeJson,
  lighting: z.enum(LIGHTING_LEVELS).nullable(),
  restrooms: z.string().nullable().describe("Where the nearest restrooms are; null when there are none nearby."),
  water: z.string().nullable().describe("Where drinking water is; null when there is none nearby."),
});

/** The facts a bench carries in the JSON API (null: not recorded). */
export const benchFactsJsonSchema = z.object({
  backrest: z.boolean().nullable(),
  armrests: z.boolean().nullable(),
  shade: shadeJson,
  seatHeightCm: z.number().int().nullable(),
  wheelchairSpace: z.boolean().nullable(),
});
