import { Form, Link } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { SubmitButton } from "~/components/form-status";
import { NoticeKindTag } from "~/components/notice-banner";
import { formatCampusTime } from "~/lib/dates";
import { adminAreaUrl, noticeAnchors } from "~/lib/navigation";
import {
  noticeKindLabels,
  noticeMessages,
  noticeShowLabels,
  noticeShows,
  noticeStateLabels,
  type NoticeState,
} from "~/schemas/notice";
import { formErrorsOf, replyAboutNone, replyTo, type AreaProps } from "./area";
import { EditNoticeForm, PostNoticeForm, type NoticesData } from "./notice-forms";
import { LabelledSelect, ListQueryForm } from "./search";
import { AdminList, DeleteLink, deleteConfirmation, RowMessage, type ListNames } from "./admin-list";
import { useCampusTimeZone } from "~/lib/use-campus-time-zone";

type Row = NoticesData["notices"][number];

const showOptions = noticeShows.map((show) => ({ value: show, label: noticeShowLabels[show] }));

const stateTone: Record<NoticeState, string> = {
  active: "bg-badge-success text-white",
  upcoming: "bg-badge-info-bg text-badge-info",
  ended: "bg-badge-secondary text-white",
};

const names: ListNames = {
  noun: ["notice", "notices"],
  anchor: noticeAnchors.list,
  rowAnchor: noticeAnchors.card,
  pageLinks: ["Pages of notices", "Newest notices", "Older notices"],
};

function StateBadge({ state }: { state: NoticeState }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTone[state]}`}>
      {noticeStateLabels[state]}
    </span>
  );
}

/** What the list shows: a GET form, so the URL is its state and it works without JavaScript. */
function ShowFilter({ data }: { data: NoticesData }) {
  return (
    <ListQueryForm
      option="notices"
      label="Filter notices"
      className="mb-4 flex flex-wrap items-end gap-3"
      keep={{ limit: data.place.limit }}
    >
      <LabelledSelect id="notices-show" name="show" label="Show" value={data.show} options={showOptions} />
      <button type="submit" className="btn-primary">
        Filter
      </button>
    </ListQueryForm>
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
          <DeleteLink
            to={adminAreaUrl("notices", { ...data.place, confirm: "delete", id: notice.id })}
            what={`the notice on ${notice.place.name}`}
          />
        </div>
        <RowMessage rowAnchor={names.rowAnchor} id={notice.id} reply={reply} intents={["end", "delete"]} />
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
        {...deleteConfirmation(names, back, confirm)}
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
      <AdminList
        names={names}
        data={data}
        shown={shown}
        refusal={formErrorsOf(replyAboutNone(reply, "id", shown, "end", "delete"))}
        empty={<p className="card p-6 text-stone-800">No notices</p>}
      >
        <ul className="space-y-3" aria-label="Notices">
          {data.notices.map((notice) => (
            <NoticeRowCard key={notice.id} notice={notice} data={data} reply={reply} />
          ))}
        </ul>
      </AdminList>
    </div>
  );
}
