import * as z from "zod";
import { campusTimeToDate } from "~/lib/dates";
import { idSchema, optionalId } from "~/schemas/id";
import type { ReportCategory } from "~/schemas/report";
import { displayText } from "~/schemas/text";
import { versionSchema } from "~/schemas/version";

// Closure and caution notices on a trail or a bench (docs/features.md): the admin Notices area, the
// Reports area's "Turn into a notice" and /api/notices all validate with these schemas. Pages take times
// on the campus clock (`datetime-local` inputs, the campus settings' time zone); the API takes ISO 8601 with an offset.

export const noticeKinds = ["closed", "caution"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeKindLabels: Record<NoticeKind, string> = { closed: "Closed", caution: "Caution" };

/** Where a notice stands at a moment: showing, not yet, or over. */
const noticeStates = ["active", "upcoming", "ended"] as const;
export type NoticeState = (typeof noticeStates)[number];
export const noticeStateLabels: Record<NoticeState, string> = {
  active: "Showing now",
  upcoming: "Upcoming",
  ended: "Ended",
};

/** What the admin list shows: the current ones (showing or upcoming) unless asked otherwise. */
export const noticeShows = ["current", "active", "upcoming", "ended", "all"] as const;
export type NoticeShow = (typeof noticeShows)[number];
export const noticeShowLabels: Record<NoticeShow, string> = {
  current: "Showing now and upcoming",
  active: "Showing now",
  upcoming: "Upcoming",
  ended: "Ended",
  all: "All",
};

export const NOTICE_MESSAGE_MAX = 500;

export const noticeMessages = {
  placeRequired: "Choose the trail or the bench the notice is about.",
  placeOne: "Name the bench (benchId) or the trail (trailId) the notice is about, not both.",
  benchUnknown: "Bench not found.",
  trailUnknown: "Trail not found.",
  kindRequired: "Choose Closed or Caution.",
  messageRequired: "Write the message walkers will read.",
  messageTooLong: `The message can be at most ${NOTICE_MESSAGE_MAX} characters.`,
  timeInvalid: "Enter a date and a time, for example 11/27/2026 3:30 PM.",
  isoInvalid: "Give an ISO 8601 date and time with its offset, for example 2026-11-27T15:30:00-05:00, or null.",
  endBeforeStart: "The end must be after the start.",
  endInPast: "The end must be in the future: a notice that has already ended would never show.",
  startOutOfRange: "The start must be between a year ago and five years from now.",
  endOutOfRange: "The end must be between a year ago and five years from now.",
  notFound: "Notice not found.",
  stale: "This notice was changed by someone else since you opened it.",
  preconditionFailed:
    "The notice changed since the version named in If-Match (its current ETag is in this answer's ETag header).",
  notActive: "This notice is not showing now, so it cannot be ended; edit or delete it instead.",
  reportNotFound: "Report not found.",
  reportPlaceRemoved: "The bench or trail of this report has been deleted, so there is no place to post a notice on.",
  created: "Notice posted.",
  createdFromReport: "Notice posted from the report, starting now with no end. Adjust it below if needed.",
  alreadyFromReport: "This report already has a notice showing or upcoming.",
  saved: "Notice saved.",
  ended: "Notice ended: walkers no longer see it.",
  deleted: "Notice deleted.",
  deleteConfirm: "Delete this notice? Walkers will no longer see it, and it leaves the list of ended notices.",
} as const;

/**
 * "Turn into a notice": what a report of each category becomes, starting now with no end, for the admin
 * to adjust. Closed where using the place is unsafe or impossible (a broken bench, a path blocked by a
 * fallen tree); Caution where walkers can still go with care. The message is ours, never the reporter's
 * words, which are not for the public (decision 050).
 */
export const noticeFromReport: Record<ReportCategory, { kind: NoticeKind; message: string }> = {
  broken_bench: {
    kind: "closed",
    message: "This bench is broken and closed until it is repaired. Please use another bench.",
  },
  flooded: { kind: "caution", message: "Flooded or muddy in places: take care, or choose another trail." },
  ice_snow: { kind: "caution", message: "Ice or snow: the path may be slippery. Take care." },
  obstruction: { kind: "closed", message: "Blocked by a fallen tree or an obstruction: closed until it is cleared." },
  lighting_out: { kind: "caution", message: "Some lights are out: take care after dark." },
  litter: { kind: "caution", message: "Litter was reported here: the team is on its way." },
  other: { kind: "caution", message: "A problem was reported here: take care while the team looks into it." },
};

const kindField = z.enum(noticeKinds, { error: noticeMessages.kindRequired });

const messageField = displayText({
  label: "Message",
  required: noticeMessages.messageRequired,
  max: NOTICE_MESSAGE_MAX,
  tooLong: noticeMessages.messageTooLong,
  multiline: true,
});

/** A time in the API: ISO 8601 with `Z` or an offset; null (or left out) for none. */
const isoTime = z.preprocess(
  (value) => (value === "" ? null : value),
  z.iso
    .datetime({ offset: true, error: noticeMessages.isoInvalid })
    .transform((value) => new Date(value))
    .nullable(),
);

/** A time on a page's `datetime-local` input, read on the campus clock (`timeZone`); empty for none. */
const campusTime = (timeZone: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z
      .string({ error: noticeMessages.timeInvalid })
      .max(40, noticeMessages.timeInvalid)
      .transform((value, ctx) => {
        const date = campusTimeToDate(value, timeZone);
        if (!date) {
          ctx.addIssue({ code: "custom", message: noticeMessages.timeInvalid });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
  );

type Window = { startsAt?: Date | null; endsAt?: Date | null };

const DAY = 86_400_000;
/** How far back and ahead a notice's times may lie: further is a typo, and year 9999 breaks the pages. */
const NOTICE_TIME_RANGE = { pastDays: 366, futureDays: 5 * 366 };

/**
 * Each time given lies between a year ago and five years ahead; true when both do. A new notice's end in
 * the past is left to endInPast, which says more.
 */
function checkRange(value: Window, ctx: z.RefinementCtx, creating: boolean) {
  const now = Date.now();
  let inRange = true;
  for (const [field, message] of [
    ["startsAt", noticeMessages.startOutOfRange],
    ["endsAt", noticeMessages.endOutOfRange],
  ] as const) {
    const time = value[field];
    if (!(time instanceof Date)) continue;
    const at = time.getTime();
    if (creating && field === "endsAt" && at <= now) continue;
    if (at >= now - NOTICE_TIME_RANGE.pastDays * DAY && at <= now + NOTICE_TIME_RANGE.futureDays * DAY) continue;
    ctx.addIssue({ code: "custom", path: [field], message });
    inRange = false;
  }
  return inRange;
}

/** The times in range, the end after the start (when both are given) and, for a new notice, still to come. */
function checkWindow(value: Window, ctx: z.RefinementCtx, creating: boolean) {
  if (!checkRange(value, ctx, creating)) return;
  // A time refused on its own (not a time at all) has been said already.
  if (!(value.endsAt instanceof Date) || (value.startsAt != null && !(value.startsAt instanceof Date))) return;
  if (value.startsAt && value.endsAt <= value.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: noticeMessages.endBeforeStart });
  else if (creating && value.endsAt.getTime() <= Date.now())
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: noticeMessages.endInPast });
}

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

/** The place picker's values: "trail:<id>" or "bench:<id>". */
const placeField = z
  .string({ error: noticeMessages.placeRequired })
  .regex(/^(trail|bench):[a-f0-9]{24}$/, noticeMessages.placeRequired)
  .transform((value) => {
    const [kind, id] = value.split(":") as ["trail" | "bench", string];
    return kind === "trail" ? { trailId: id } : { benchId: id };
  });

export function placeValue(place: { trailId?: string | null; benchId?: string | null }) {
  return place.trailId ? `trail:${place.trailId}` : place.benchId ? `bench:${place.benchId}` : "";
}

const idField = idSchema(noticeMessages.notFound);

const noticeFormFields = (timeZone: string) => ({
  place: placeField,
  kind: kindField,
  message: messageField,
  startsAt: campusTime(timeZone),
  endsAt: campusTime(timeZone),
});

/**
 * The window is checked whenever the times themselves were read, even when another field was refused, so
 * the form's error summary lists every problem at once instead of revealing the end's after the others
 * are corrected (as the sign-up form's password check does).
 */
const timesRead = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => issue.path?.[0] === "startsAt" || issue.path?.[0] === "endsAt"),
};

/** The Notices area's form for a new notice, its times on the campus clock: its end, if any, still to come. */
export function noticeCreateFormSchemaFor(timeZone: string) {
  return z
    .object({ intent: z.literal("create"), ...noticeFormFields(timeZone) })
    .superRefine((value, ctx) => checkWindow(value, ctx, true), timesRead);
}

/** The same form editing a notice, based on the version it shows (decision 047). */
export function noticeEditFormSchemaFor(timeZone: string) {
  return z
    .object({ intent: z.literal("update"), id: idField, version: versionSchema, ...noticeFormFields(timeZone) })
    .superRefine((value, ctx) => checkWindow(value, ctx, false), timesRead);
}

/** Every form of the Notices area, reading times on the campus clock `timeZone`. */
export function noticeIntentSchemaFor(timeZone: string) {
  return z.discriminatedUnion("intent", [
    noticeCreateFormSchemaFor(timeZone),
    noticeEditFormSchemaFor(timeZone),
    z.object({ intent: z.literal("end"), id: idField, version: versionSchema }),
    z.object({ intent: z.literal("delete"), id: idField, version: versionSchema }),
  ]);
}

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

/** A notice as the walkers' pages show it. */
export type NoticeView = {
  id: string;
  kind: NoticeKind;
  message: string;
  /** "Gold Trail" or "Bench 3", and its page. */
  place: { name: string; href: string; benchId: string | null; trailId: string | null };
  startsAt: string | null;
  endsAt: string | null;
};
