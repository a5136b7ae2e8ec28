import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { campusTimeInput } from "~/lib/dates";
import { adminAreaUrl, noticeAnchors } from "~/lib/navigation";
import { listBenches } from "~/models/bench.server";
import { getCampus } from "~/models/campus.server";
import {
  countNotices,
  createNotice,
  deleteNotice,
  endNotice,
  getNotice,
  listNotices,
  noticeRefusals,
  updateNotice,
} from "~/models/notice.server";
import { noticeState } from "~/models/notice-schedule.server";
import { toNoticeView } from "~/models/notice-view.server";
import { type NoticeRow } from "~/models/notice-row.server";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import type { SessionUser } from "~/models/session.server";
import { listTrails } from "~/models/trail.server";
import { isId } from "~/schemas/id";
import { noticeIntentSchemaFor, placeValue } from "~/schemas/notice-form";
import { noticeMessages, noticeShows, type NoticeShow } from "~/schemas/notice";
import { ADMIN_LIST_PAGE, readListPage } from "~/schemas/page";
import { confirmationIn, invalid, listPages, refused } from "./area.server";

/** The fields an admin types in the notice forms: a refusal of any other means the form was tampered with. */
const typedFields = ["place", "kind", "message", "startsAt", "endsAt"];

/**
 * Where the Notices area stands, all of it in the URL: what it shows (?show=), the page (cursor, limit),
 * and the notice being edited (?edit=) or whose deletion is being confirmed (?confirm=delete&id=).
 */
function noticesPlace(url: URL) {
  const requested = url.searchParams.get("show");
  const show: NoticeShow = (noticeShows as readonly string[]).includes(requested ?? "")
    ? (requested as NoticeShow)
    : "current";
  const { cursor, limit } = readListPage(url.searchParams);
  const edit = url.searchParams.get("edit");
  return {
    show,
    take: limit,
    place: {
      show: show === "current" ? null : show,
      cursor,
      limit: limit === ADMIN_LIST_PAGE.defaultSize ? null : String(limit),
    },
    edit: isId(edit) ? edit : null,
  };
}

/** A notice as the area lists it, with its times as the form's campus-clock inputs take them. */
function adminView(row: NoticeRow, now: Date, timeZone: string) {
  return {
    ...toNoticeView(row),
    state: noticeState(row, now),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    author: row.author?.username ?? null,
    reportId: row.reportId,
    form: {
      place: placeValue(row),
      kind: row.kind,
      message: row.message,
      startsAt: row.startsAt ? campusTimeInput(row.startsAt, timeZone) : "",
      endsAt: row.endsAt ? campusTimeInput(row.endsAt, timeZone) : "",
    },
  };
}

/** The place picker: every trail, then every bench by number. */
async function placeOptions() {
  const [trails, benches] = await Promise.all([listTrails(), listBenches()]);
  return {
    trails: trails.map((trail) => ({ value: placeValue({ trailId: trail.id }), label: trail.name })),
    benches: [...benches]
      .sort((a, b) => a.benchNumber - b.benchNumber)
      .map((bench) => ({
        value: placeValue({ benchId: bench.id }),
        label: `Bench ${bench.benchNumber}: ${bench.location}`,
      })),
  };
}

export async function loadNoticesArea(url: URL) {
  const now = new Date();
  const { show, take, place, edit } = noticesPlace(url);
  const id = url.searchParams.get("id");
  const [page, count, places, editing, confirming, { timeZone }] = await Promise.all([
    listNotices({ show, cursor: place.cursor, take, now }),
    countNotices(show, now),
    placeOptions(),
    edit ? getNotice(edit) : null,
    confirmationIn(url, ["delete"]) && isId(id) ? getNotice(id) : null,
    getCampus(),
  ]);
  return {
    searchError: null,
    show,
    place,
    places,
    now: now.toISOString(),
    notices: page.notices.map((row) => adminView(row, now, timeZone)),
    pages: listPages("notices", place, page.next, count, noticeAnchors.list),
    editing: editing ? adminView(editing, now, timeZone) : null,
    editMissing: Boolean(edit && !editing),
    confirm: confirming ? adminView(confirming, now, timeZone) : null,
  };
}

/** A refusal as the form says it: the bench or trail refused is the place picker's. */
function formRefusal(refusal: Refusal): Refusal {
  return refusal.fieldErrors && ("benchId" in refusal.fieldErrors || "trailId" in refusal.fieldErrors)
    ? fieldRefusal(refusal.status, "place", refusal.message)
    : refusal;
}

export async function noticesAction(request: Request, formData: FormData, admin: SessionUser) {
  // Back to the same list (what it shows, the page), without the edit form or the confirmation.
  const back = adminAreaUrl("notices", noticesPlace(new URL(request.url)).place);
  const submission = parseSubmission(formData, { schema: noticeIntentSchemaFor((await getCampus()).timeZone) });
  if (submission.status !== "success") return invalid(submission, typedFields);
  const input = submission.value;

  if (input.intent === "create" || input.intent === "update") {
    const fields = {
      ...input.place,
      kind: input.kind,
      message: input.message,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
    };
    const result =
      input.intent === "create"
        ? await createNotice(admin.id, fields)
        : await updateNotice(
            input.id,
            { benchId: fields.benchId, trailId: fields.trailId, ...fields },
            { expectedVersion: input.version },
          );
    if (!result.ok) return refused(input.intent, submission, formRefusal(noticeRefusals[result.reason]));
    const message = input.intent === "create" ? noticeMessages.created : noticeMessages.saved;
    return redirectWithToast(back, { type: "success", message, anchor: noticeAnchors.card(result.notice.id) });
  }

  if (input.intent === "end") {
    const result = await endNotice(input.id, { expectedVersion: input.version });
    if (!result.ok) return refused(input.intent, submission, noticeRefusals[result.reason]);
    // An ended notice leaves the default list: its message stands at the list's place.
    return redirectWithToast(back, { type: "success", message: noticeMessages.ended, anchor: noticeAnchors.list });
  }

  const result = await deleteNotice(input.id, { expectedVersion: input.version });
  if (!result.ok) return refused(input.intent, submission, noticeRefusals[result.reason]);
  return redirectWithToast(back, { type: "success", message: noticeMessages.deleted, anchor: noticeAnchors.list });
}
