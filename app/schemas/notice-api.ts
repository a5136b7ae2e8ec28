import * as z from "zod";
import { idSchema, optionalId } from "~/schemas/id";
import { NOTICE_MESSAGE_MAX, noticeKinds, noticeMessages, noticeStates } from "~/schemas/notice";
import { checkWindow, isoTime, kindField, messageField } from "~/schemas/notice-fields";

// What /api/notices takes and answers.

const placeDescriptions = {
  benchId: "The bench the notice is about; give this or `trailId`.",
  trailId: "The trail the notice is about; give this or `benchId`.",
};
const timeDescriptions = {
  startsAt:
    "When walkers start seeing it (ISO 8601 with an offset), within a year back and five years ahead. null or left out: from now.",
  endsAt:
    "When it goes by itself (ISO 8601 with an offset), within a year back and five years ahead. null or left out: until it is ended or deleted.",
};

/** POST /api/notices: exactly one place, the kind, the message and an optional window. */
export const noticeInputSchema = z
  .object({
    benchId: optionalId(noticeMessages.benchUnknown).describe(placeDescriptions.benchId),
    trailId: optionalId(noticeMessages.trailUnknown).describe(placeDescriptions.trailId),
    kind: kindField.describe('"closed": do not use it; "caution": take care.'),
    message: messageField.describe(`What walkers read, at most ${NOTICE_MESSAGE_MAX} characters.`),
    startsAt: isoTime.optional().describe(timeDescriptions.startsAt),
    endsAt: isoTime.optional().describe(timeDescriptions.endsAt),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.benchId) === Boolean(value.trailId))
      ctx.addIssue({ code: "custom", path: ["trailId"], message: noticeMessages.placeOne });
    checkWindow(value, ctx, true);
  });
export type NoticeInput = z.output<typeof noticeInputSchema>;

/**
 * PATCH /api/notices/{id}: the fields to change. A place given moves the notice there (one of benchId or
 * trailId); a time given as null takes it away (from now, or without an end).
 */
export const noticePatchSchema = z
  .object({
    benchId: optionalId(noticeMessages.benchUnknown).describe(placeDescriptions.benchId),
    trailId: optionalId(noticeMessages.trailUnknown).describe(placeDescriptions.trailId),
    kind: kindField.optional(),
    message: messageField.optional(),
    startsAt: isoTime.optional().describe(timeDescriptions.startsAt),
    endsAt: isoTime.optional().describe(timeDescriptions.endsAt),
  })
  .superRefine((value, ctx) => {
    if (value.benchId && value.trailId)
      ctx.addIssue({ code: "custom", path: ["trailId"], message: noticeMessages.placeOne });
    checkWindow(value, ctx, false);
  });
export type NoticePatch = z.output<typeof noticePatchSchema>;

/** A notice as the API answers it. */
export const noticeJsonSchema = z.object({
  _id: z.string(),
  kind: z.enum(noticeKinds),
  kindLabel: z.string().describe("“Closed” or “Caution”, as the pages say it."),
  message: z.string(),
  trailId: z.string().nullable(),
  trailName: z.string().nullable(),
  benchId: z.string().nullable(),
  benchNumber: z.number().int().nullable(),
  startsAt: z.string().nullable().describe("When it starts showing (ISO 8601, UTC); null: from when it was posted."),
  endsAt: z
    .string()
    .nullable()
    .describe("When it stops showing by itself (ISO 8601, UTC); null: until it is ended or deleted."),
  state: z.enum(noticeStates).describe("Where it stands at the time of the answer."),
  reportId: z.string().nullable().describe("The report it was made from, if any."),
  createdAt: z.string(),
  version: z
    .number()
    .int()
    .describe("Moves on with every edit; send it in If-Match to edit or delete this version only."),
});
export type NoticeJson = z.infer<typeof noticeJsonSchema>;

/** GET /api/notices: the active notices, optionally of one trail (its benches included) or one bench. */
export const noticeListQuerySchema = z.object({
  trailId: idSchema(noticeMessages.trailUnknown)
    .optional()
    .describe("Only the notices of this trail and of the benches on it."),
  benchId: idSchema(noticeMessages.benchUnknown).optional().describe("Only the notices of this bench."),
});
