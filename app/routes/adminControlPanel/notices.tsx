import { getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FieldErrors, SelectField, TextAreaField, TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { useSchemaForm } from "~/components/use-schema-form";
import { NoticeKindTag } from "~/components/notice-banner";
import { AnchoredMessage } from "~/components/toast-message";
import { campusTimeToDate, formatCampusTime } from "~/lib/dates";
import { adminAreaUrl, noticeAnchors } from "~/lib/navigation";
import { useResetAfterSuccess } from "~/lib/use-reset-after-success";
import {
  NOTICE_MESSAGE_MAX,
  noticeCreateFormSchemaFor,
  noticeEditFormSchemaFor,
  noticeKindLabels,
  noticeKinds,
  noticeMessages,
  noticeShowLabels,
  noticeShows,
  noticeStateLabels,
  type NoticeState,
} from "~/schemas/notice";
import { formErrorsOf, replyAbout, replyAboutNone, replyTo, type AreaProps } from "./area";
import { AreaForm } from "./area-form";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import type { loadNoticesArea } from "./notices.server";
import { ListHead, ListPages } from "./search";
import { useCampusTimeZone } from "~/lib/use-campus-time-zone";

type NoticesData = Awaited<ReturnType<typeof loadNoticesArea>>;
type Row = NoticesData["notices"][number];

const kindOptions = noticeKinds.map((kind) => ({ value: kind, label: noticeKindLabels[kind] }));

const stateTone: Record<NoticeState, string> = {
  active: "bg-badge-success text-white",
  upcoming: "bg-badge-info-bg text-badge-info",
  ended: "bg-badge-secondary text-white",
};

function StateBadge({ state }: { state: NoticeState }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTone[state]}`}>
      {noticeStateLabels[state]}
    </span>
  );
}

/** The trail or bench picker: one list, trails first, then benches by number. */
function PlaceField({ field, places }: { field: FieldMetadata<unknown>; places: NoticesData["places"] }) {
  const { key, defaultValue, ...props } = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Trail or bench
      </label>
      <select key={key} {...props} defaultValue={(defaultValue as string | undefined) ?? ""} className="field-input">
        <option value="" disabled>
          Choose a trail or a bench
        </option>
        <optgroup label="Trails">
          {places.trails.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Benches">
          {places.benches.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

const timeHint = (text: string) => <p className="mb-1 text-sm text-stone-700">{text}</p>;

/** The fields both notice forms share. Times are on the campus clock, as the hints say. */
function NoticeFields({
  fields,
  places,
}: {
  fields: Record<"place" | "kind" | "message" | "startsAt" | "endsAt", FieldMetadata<unknown>>;
  places: NoticesData["places"];
}) {
  const timeZone = useCampusTimeZone();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <PlaceField field={fields.place} places={places} />
      <SelectField field={fields.kind} label="Kind" placeholder="Choose Closed or Caution" options={kindOptions} />
      <div className="md:col-span-2">
        <TextAreaField
          field={fields.message}
          label={`Message walkers read (at most ${NOTICE_MESSAGE_MAX} characters)`}
          rows={3}
        />
      </div>
      <TextField
        field={fields.startsAt}
        label="Starts (optional)"
        type="datetime-local"
        hint={timeHint(`Campus time (${timeZone}). Empty: from now.`)}
      />
      <TextField
        field={fields.endsAt}
        label="Ends (optional)"
        type="datetime-local"
        hint={timeHint(`Campus time (${timeZone}). Empty: until you end it.`)}
      />
    </div>
  );
}

function PostNoticeForm({ data, lastResult }: { data: NoticesData; lastResult?: SubmissionResult<string[]> }) {
  // The drop-downs start, and are reset after a post, on their prompt: reset to no value at all, the
  // browser would show them blank.
  const timeZone = useCampusTimeZone();
  const schema = useMemo(() => noticeCreateFormSchemaFor(timeZone), [timeZone]);
  const [form, fields, summary] = useSchemaForm(noticeAnchors.form, schema, lastResult, { place: "", kind: "" });
  useResetAfterSuccess(form.reset, "create", lastResult);
  return (
    <section className="card mb-6 p-4">
      <AreaForm
        form={form}
        summary={summary}
        action={adminAreaUrl("notices", data.place)}
        heading="Post a notice"
        level={3}
        className="scroll-mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="create" />
        <NoticeFields fields={fields} places={data.places} />
        <SubmitButton intent="create" label="Post notice" pendingLabel="Posting…" />
        <AnchoredMessage anchor={noticeAnchors.form} />
      </AreaForm>
    </section>
  );
}

/** A picker's value as the picker shows it: the trail's name or the bench's number and location. */
function placeText(places: NoticesData["places"], value: string) {
  return [...places.trails, ...places.benches].find((option) => option.value === value)?.label ?? value;
}

/** A time field's value as the list shows it; empty means what the field's hint says. */
function timeText(value: string, empty: string, timeZone: string) {
  if (!value) return empty;
  const moment = campusTimeToDate(value, timeZone);
  return moment ? formatCampusTime(moment, timeZone) : value;
}

/**
 * Both versions after a stale save, in the words the list uses: a place by name, a kind by its label,
 * times on the campus clock (an empty start or end as the card says it).
 */
function NoticeVersions({
  typed,
  notice,
  places,
}: {
  typed: Record<string, unknown>;
  notice: Row;
  places: NoticesData["places"];
}) {
  const timeZone = useCampusTimeZone();
  const kindText = (value: string) =>
    value in noticeKindLabels ? noticeKindLabels[value as keyof typeof noticeKindLabels] : value;
  const compare = (name: keyof Row["form"], show: (value: string) => string = (value) => value) => ({
    yours: show(typedText(typed, name)),
    saved: show(notice.form[name]),
  });
  return (
    <BothVersions
      id={`${noticeAnchors.edit}-versions`}
      rows={[
        { label: "Trail or bench", ...compare("place", (value) => placeText(places, value)) },
        { label: "Kind", ...compare("kind", kindText) },
        { label: "Message", ...compare("message") },
        { label: "Starts", ...compare("startsAt", (value) => timeText(value, "When posted", timeZone)) },
        { label: "Ends", ...compare("endsAt", (value) => timeText(value, "When ended or deleted", timeZone)) },
      ]}
    />
  );
}

function EditNoticeForm({
  data,
  notice,
  lastResult,
}: {
  data: NoticesData;
  notice: Row;
  lastResult?: SubmissionResult<string[]>;
}) {
  const timeZone = useCampusTimeZone();
  const schema = useMemo(() => noticeEditFormSchemaFor(timeZone), [timeZone]);
  const [form, fields, summary] = useSchemaForm(`edit-notice-${notice.id}`, schema, lastResult, notice.form);
  const back = adminAreaUrl("notices", data.place);
  // Saved by someone else since this form was opened: both versions, field by field.
  const typed = typedOverStale(lastResult, notice.version);
  return (
    <section id={noticeAnchors.edit} className="card mb-6 scroll-mt-4 p-4">
      <AreaForm
        form={form}
        summary={summary}
        action={adminAreaUrl("notices", { ...data.place, edit: notice.id })}
        heading={`Edit the notice on ${notice.place.name}`}
        level={3}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={notice.id} />
        {/* The version these values are from (after a refusal, the one shown beside them): a save based on an older one is refused (decision 047). */}
        <input type="hidden" name="version" value={notice.version} />
        <AnchoredMessage anchor={noticeAnchors.edit} />
        {typed ? <NoticeVersions typed={typed} notice={notice} places={data.places} /> : null}
        <NoticeFields fields={fields} places={data.places} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="update" label="Save notice" pendingLabel="Saving…" />
          <Link to={`${back}#${noticeAnchors.card(notice.id)}`} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </AreaForm>
    </section>
  );
}

/** What the list shows: a GET form, so the URL is its state and it works without JavaScript. */
function ShowFilter({ data }: { data: NoticesData }) {
  return (
    <Form
      method="get"
      action="/adminControlPanel"
      role="search"
      aria-label="Filter notices"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="option" value="notices" />
      {data.place.limit ? <input type="hidden" name="limit" value={data.place.limit} /> : null}
      <div className="min-w-0">
        <label htmlFor="notices-show" className="field-label">
          Show
        </label>
        <select id="notices-show" name="show" defaultValue={data.show} key={data.show} className="field-input">
          {noticeShows.map((show) => (
            <option key={show} value={show}>
              {noticeShowLabels[show]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        Filter
      </button>
    </Form>
  );
}

function When({ notice }: { notice: Row }) {
  const timeZone = useCampusTimeZone();
  const start = notice.startsAt
    ? formatCampusTime(notice.startsAt, timeZone)
    : `${formatCampusTime(notice.createdAt, timeZone)} (when posted)`;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-800">
      <dt className="font-medium">Starts</dt>
      <dd>{start}</dd>
      <dt className="font-medium">Ends</dt>
      <dd>{notice.endsAt ? formatCampusTime(notice.endsAt, timeZone) : "When ended or deleted"}</dd>
    </dl>
  );
}

function NoticeRowCard({
  notice,
  data,
  reply,
}: {
  notice: Row;
  data: NoticesData;
  reply: AreaProps<NoticesData>["reply"];
}) {
  const back = adminAreaUrl("notices", data.place);
  const title = `${noticeKindLabels[notice.kind]}: ${notice.place.name}`;
  return (
    <li id={noticeAnchors.card(notice.id)} className="card scroll-mt-4 p-4" data-notice-id={notice.id}>
      <article aria-label={title} className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            <NoticeKindTag kind={notice.kind} />
            <Link to={notice.place.href} className="btn-link inline-flex min-h-11 items-center">
              {notice.place.name}
            </Link>
          </h4>
          <StateBadge state={notice.state} />
        </div>
        <p className="mt-1 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{notice.message}</p>
        <When notice={notice} />
        <p className="mt-1 text-xs text-stone-700">
          Posted by {notice.author ?? "a deleted account"}
          {notice.reportId ? (
            <>
              {" "}
              from{" "}
              <Link
                to={adminAreaUrl("reports", { id: notice.reportId })}
                className="btn-link inline-flex min-h-6 items-center"
              >
                a report
              </Link>
            </>
          ) : null}
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link
            to={`${adminAreaUrl("notices", { ...data.place, edit: notice.id })}#${noticeAnchors.edit}`}
            className="btn-secondary"
          >
            Edit<span className="sr-only"> the notice on {notice.place.name}</span>
          </Link>
          {notice.state === "active" ? (
            <Form method="post" action={`${back}#${noticeAnchors.card(notice.id)}`} preventScrollReset>
              <input type="hidden" name="id" value={notice.id} />
              <input type="hidden" name="version" value={notice.version} />
              <input type="hidden" name="intent" value="end" />
              <SubmitButton intent="end" label="End now" pendingLabel="Ending…" className="btn-secondary" />
            </Form>
          ) : null}
          <Link
            to={adminAreaUrl("notices", { ...data.place, confirm: "delete", id: notice.id })}
            preventScrollReset
            className="btn-danger"
            aria-haspopup="dialog"
          >
            Delete<span className="sr-only"> the notice on {notice.place.name}</span>
          </Link>
        </div>
        <AnchoredMessage
          anchor={noticeAnchors.card(notice.id)}
          refusal={formErrorsOf(replyAbout(reply, "id", notice.id, "end", "delete"))}
        />
      </article>
    </li>
  );
}

export function NoticesArea({ data, reply }: AreaProps<NoticesData>) {
  const back = adminAreaUrl("notices", data.place);
  const shown = data.notices.map((notice) => notice.id);
  const { confirm } = data;
  return (
    <div>
      {/* First in the area: without JavaScript the confirmation step is what the page opens on. */}
      <ConfirmDialog
        id="notice-confirm-dialog"
        title="Delete notice"
        prompt={noticeMessages.deleteConfirm}
        open={Boolean(confirm)}
        closeTo={confirm ? `${back}#${noticeAnchors.card(confirm.id)}` : back}
        action={`${back}#${noticeAnchors.list}`}
        intent="delete"
        fields={confirm ? { id: confirm.id, version: confirm.version } : {}}
        confirmLabel="Yes, delete"
      >
        {confirm ? (
          <p className="mt-2 border-l-4 border-stone-300 pl-3 text-stone-800 [overflow-wrap:anywhere]">
            {noticeKindLabels[confirm.kind]}, {confirm.place.name}: {confirm.message}
          </p>
        ) : null}
      </ConfirmDialog>
      {data.editing ? (
        <EditNoticeForm
          key={`${data.editing.id}-${data.editing.version}`}
          data={data}
          notice={data.editing}
          lastResult={replyTo(reply, "update")}
        />
      ) : data.editMissing ? (
        <p className="card mb-6 p-4">That notice no longer exists.</p>
      ) : null}
      <PostNoticeForm data={data} lastResult={replyTo(reply, "create")} />
      <h3 className="mb-3 text-xl font-semibold">Posted notices</h3>
      <ShowFilter data={data} />
      <ListHead
        pages={data.pages}
        shown={shown}
        noun={["notice", "notices"]}
        anchor={noticeAnchors.list}
        rowAnchor={noticeAnchors.card}
        refusal={formErrorsOf(replyAboutNone(reply, "id", shown, "end", "delete"))}
      />
      {data.notices.length === 0 ? (
        <p className="card p-6 text-stone-800">No notices</p>
      ) : (
        <ul className="space-y-3" aria-label="Notices">
          {data.notices.map((notice) => (
            <NoticeRowCard key={notice.id} notice={notice} data={data} reply={reply} />
          ))}
        </ul>
      )}
      <ListPages pages={data.pages} label="Pages of notices" newestLabel="Newest notices" olderLabel="Older notices" />
    </div>
  );
}
