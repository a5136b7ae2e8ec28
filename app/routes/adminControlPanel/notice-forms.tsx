import { getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { FieldErrors, SelectField, TextAreaField, TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { AnchoredMessage } from "~/components/toast-message";
import { useSchemaForm } from "~/components/use-schema-form";
import { campusTimeToDate, formatCampusTime } from "~/lib/dates";
import { adminAreaUrl, noticeAnchors } from "~/lib/navigation";
import { useResetAfterSuccess } from "~/lib/use-reset-after-success";
import { NOTICE_MESSAGE_MAX, noticeKindLabels, noticeKinds } from "~/schemas/notice";
import { noticeCreateFormSchemaFor, noticeEditFormSchemaFor } from "~/schemas/notice-form";
import { AreaForm } from "./area-form";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import type { loadNoticesArea } from "./notices.server";
import { useCampusTimeZone } from "~/lib/use-campus-time-zone";

// The Notices area's two forms: posting a notice, and editing one (with both versions when it changed
// meanwhile). The list and its actions are notices.tsx.

export type NoticesData = Awaited<ReturnType<typeof loadNoticesArea>>;
type Row = NoticesData["notices"][number];

const kindOptions = noticeKinds.map((kind) => ({ value: kind, label: noticeKindLabels[kind] }));

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
        {[
          { label: "Trails", options: places.trails },
          { label: "Benches", options: places.benches },
        ].map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
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

export function PostNoticeForm({ data, lastResult }: { data: NoticesData; lastResult?: SubmissionResult<string[]> }) {
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

export function EditNoticeForm({
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
