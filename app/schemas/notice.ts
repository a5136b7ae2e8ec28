import type { ReportCategory } from "~/schemas/report";

// Closure and caution notices on a trail or a bench (docs/features.md): their kinds, states and messages.
// The admin Notices area, the Reports area's "Turn into a notice" and /api/notices validate with the
// schemas of notice-form.ts and notice-api.ts, whose fields and time rules are notice-fields.ts.

export const noticeKinds = ["closed", "caution"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeKindLabels: Record<NoticeKind, string> = { closed: "Closed", caution: "Caution" };

/** Where a notice stands at a moment: showing, not yet, or over. */
export const noticeStates = ["active", "upcoming", "ended"] as const;
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
