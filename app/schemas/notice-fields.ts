import * as z from "zod";
import { campusTimeToDate } from "~/lib/dates";
import { NOTICE_MESSAGE_MAX, noticeKinds, noticeMessages } from "~/schemas/notice";
import { displayText } from "~/schemas/text";

// The fields a notice is made of, and the rule for its times, shared by the pages' forms and the API.
// Pages take times on the campus clock (`datetime-local` inputs, the campus settings' time zone); the API
// takes ISO 8601 with an offset.

export const kindField = z.enum(noticeKinds, { error: noticeMessages.kindRequired });

export const messageField = displayText({
  label: "Message",
  required: noticeMessages.messageRequired,
  max: NOTICE_MESSAGE_MAX,
  tooLong: noticeMessages.messageTooLong,
  multiline: true,
});

/** A time in the API: ISO 8601 with `Z` or an offset; null (or left out) for none. */
export const isoTime = z.preprocess(
  (value) => (value === "" ? null : value),
  z.iso
    .datetime({ offset: true, error: noticeMessages.isoInvalid })
    .transform((value) => new Date(value))
    .nullable(),
);

/** A time on a page's `datetime-local` input, read on the campus clock (`timeZone`); empty for none. */
export const campusTime = (timeZone: string) =>
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
export function checkWindow(value: Window, ctx: z.RefinementCtx, creating: boolean) {
  if (!checkRange(value, ctx, creating)) return;
  // A time refused on its own (not a time at all) has been said already.
  if (!(value.endsAt instanceof Date) || (value.startsAt != null && !(value.startsAt instanceof Date))) return;
  if (value.startsAt && value.endsAt <= value.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: noticeMessages.endBeforeStart });
  else if (creating && value.endsAt.getTime() <= Date.now())
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: noticeMessages.endInPast });
}
