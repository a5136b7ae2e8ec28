import * as z from "zod";
import { idSchema } from "~/schemas/id";
import { noticeMessages } from "~/schemas/notice";
import { campusTime, checkWindow, kindField, messageField } from "~/schemas/notice-fields";
import { versionSchema } from "~/schemas/version";

// The admin Notices area's forms, their times on the campus clock.

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
