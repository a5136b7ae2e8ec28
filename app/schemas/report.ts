import * as z from "zod";
import { idSchema, optionalId } from "~/schemas/id";
import { pageQuerySchema } from "~/schemas/page";
import { displayText } from "~/schemas/text";

// Reports of a problem on a bench or a trail (docs/features.md): the form on the trail and bench pages, the admin
// Reports area and /api/reports all validate with these schemas.

export const reportCategories = [
  "broken_bench",
  "flooded",
  "ice_snow",
  "obstruction",
  "lighting_out",
  "litter",
  "other",
] as const;
export type ReportCategory = (typeof reportCategories)[number];

export const reportCategoryLabels: Record<ReportCategory, string> = {
  broken_bench: "Broken or missing bench",
  flooded: "Flooded or muddy",
  ice_snow: "Ice or snow",
  obstruction: "Fallen tree or obstruction",
  lighting_out: "Lighting out",
  litter: "Litter",
  other: "Other",
};

export const reportStatuses = ["open", "in_progress", "resolved"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportStatusLabels: Record<ReportStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
};

export const REPORT_DESCRIPTION_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;

export const reportMessages = {
  categoryRequired: "Choose what kind of problem it is.",
  descriptionRequired: "Describe the problem.",
  descriptionTooLong: `The description can be at most ${REPORT_DESCRIPTION_MAX.toLocaleString("en-US")} characters.`,
  placeRequired: "Name the bench (benchId) or the trail (trailId) the report is about, not both.",
  benchUnknown: "Bench not found.",
  trailUnknown: "Trail not found.",
  statusInvalid: "Choose open, in progress or resolved.",
  categoryInvalid: "Choose one of the categories.",
  noteTooLong: `The note can be at most ${REPORT_NOTE_MAX.toLocaleString("en-US")} characters.`,
  notFound: "Report not found.",
  sent: "Thank you. Your report was sent to the team; follow it under My reports.",
  statusSaved: (status: ReportStatus) => `The report is now ${reportStatusLabels[status].toLowerCase()}.`,
  deletedAccount: "deleted account",
} as const;

const categoryField = z.enum(reportCategories, { error: reportMessages.categoryRequired });

const descriptionField = displayText({
  label: "Description",
  required: reportMessages.descriptionRequired,
  max: REPORT_DESCRIPTION_MAX,
  tooLong: reportMessages.descriptionTooLong,
  multiline: true,
});

const statusField = z.enum(reportStatuses, { error: reportMessages.statusInvalid });

const noteText = displayText({
  label: "Note",
  max: REPORT_NOTE_MAX,
  tooLong: reportMessages.noteTooLong,
  multiline: true,
});

/**
 * A report as POST /api/reports takes it: the bench or the trail it concerns (exactly one), what kind of
 * problem, and what the reporter saw. The pages' form is the same fields without the place, which is the
 * page's own bench or trail.
 */
export const reportInputSchema = z
  .object({
    benchId: optionalId(reportMessages.benchUnknown).describe("The bench the problem is at; give this or `trailId`."),
    trailId: optionalId(reportMessages.trailUnknown).describe("The trail the problem is on; give this or `benchId`."),
    category: categoryField,
    description: descriptionField.describe(`What is wrong and where, at most ${REPORT_DESCRIPTION_MAX} characters.`),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.benchId) === Boolean(value.trailId))
      ctx.addIssue({ code: "custom", path: ["benchId"], message: reportMessages.placeRequired });
  });
export type ReportInput = z.output<typeof reportInputSchema>;

/** The "Report a problem" form on a trail's or a bench's page: the place is the page's. */
export const reportFormSchema = z.object({
  intent: z.literal("report"),
  category: categoryField,
  description: descriptionField,
});

/**
 * PATCH /api/reports/{id}: the new status and, optionally, the note the reporter reads with it. A note
 * left out stays as it is; `""` or null takes it away.
 */
export const reportStatusSchema = z.object({
  status: statusField,
  note: z
    .preprocess((value) => (value === null ? "" : value), noteText.optional())
    .describe(
      'Shown to the reporter on their My reports page. Left out: the note stays as it is; `""` or null: no note.',
    ),
});

/**
 * The admin Reports area: change a report's status, with the note as the form shows it (an empty note
 * means none).
 */
export const reportStatusFormSchema = z.object({
  id: idSchema(reportMessages.notFound),
  status: statusField,
  note: noteText.optional(),
});

export const reportsIntentSchema = z.discriminatedUnion("intent", [
  reportStatusFormSchema.extend({ intent: z.literal("setStatus") }),
  // "Turn into a notice": one press makes a notice of the report.
  z.object({ intent: z.literal("makeNotice"), id: idSchema(reportMessages.notFound) }),
]);

/** The filters a list of reports takes, in the admin area's URL and in GET /api/reports alike. */
const reportFilterFields = {
  status: statusField.optional().describe("Only reports with this status."),
  category: z
    .enum(reportCategories, { error: reportMessages.categoryInvalid })
    .optional()
    .describe("Only reports of this category."),
  trailId: idSchema(reportMessages.trailUnknown)
    .optional()
    .describe("Only reports on this trail or at one of its benches (those set for it or within 30 m of it)."),
};

export const REPORT_API_PAGE = { defaultSize: 50, maxSize: 100 } as const;
/** Reports a page of My reports shows. */
export const MY_REPORTS_PAGE = 20;
export const reportListQuerySchema = pageQuerySchema(REPORT_API_PAGE, "Reports").extend(reportFilterFields);

export type ReportFilters = { status?: ReportStatus; category?: ReportCategory; trailId?: string };

/** The filters of a page's URL, forgiving as a page should be: a value that is not one of ours shows all. */
export function readReportFilters(searchParams: URLSearchParams): ReportFilters {
  const pick = <S extends z.ZodType>(schema: S, name: string) => {
    const parsed = schema.safeParse(searchParams.get(name) || undefined);
    return parsed.success ? (parsed.data as z.output<S>) : undefined;
  };
  return {
    status: pick(reportFilterFields.status, "status"),
    category: pick(reportFilterFields.category, "category"),
    trailId: pick(reportFilterFields.trailId, "trail"),
  };
}

/** A report as its pages show it (My reports, the admin Reports area). */
export type ReportView = {
  id: string;
  category: ReportCategory;
  description: string;
  status: ReportStatus;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its bench's or trail's page, and how the page names it ("Bench 3", "Gold Trail"; "Bench 3 (removed)", without a page). */
  place: { href: string | null; name: string; detail: string | null } | null;
};

/** A report as the API answers it. */
export const reportJsonSchema = z.object({
  _id: z.string(),
  category: z.enum(reportCategories),
  categoryLabel: z.string().describe("The category as the pages name it, e.g. “Flooded or muddy”."),
  description: z.string(),
  status: z.enum(reportStatuses),
  note: z.string().nullable().describe("The admins' note to the reporter; null when there is none."),
  benchId: z.string().nullable().describe("The bench's id; null for a trail's report, or once the bench is deleted."),
  benchNumber: z
    .number()
    .int()
    .nullable()
    .describe("The bench's number, kept when the bench is deleted (benchId is then null)."),
  trailId: z.string().nullable().describe("The trail's id; null for a bench's report, or once the trail is deleted."),
  trailName: z.string().nullable().describe("The trail's name, kept when the trail is deleted (trailId is then null)."),
  username: z.string().nullable().describe("The reporter's username; null once the reporter deleted their account."),
  email: z.string().nullable().describe("The reporter's email; null once the reporter deleted their account."),
  createdAt: z.string().describe("When it was sent (ISO 8601, UTC)."),
  updatedAt: z.string().describe("When it last changed (ISO 8601, UTC)."),
});
export type ReportJson = z.infer<typeof reportJsonSchema>;
