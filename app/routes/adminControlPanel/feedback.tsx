import { Form, useNavigation } from "@remix-run/react";
import { adminAreaUrl } from "~/lib/navigation";
import { feedbackMessages } from "~/schemas/feedback";
import { anchors, formErrorsOf, replyAboutNone, type AreaProps } from "./area";
import { ConfirmDialog } from "~/components/confirm-dialog";
import type { loadFeedbackArea } from "./feedback.server";
import { AdminSearch } from "./search";
import { AdminList, DeleteLink, deleteConfirmation, RowMessage, type ListNames } from "./admin-list";

type FeedbackData = Awaited<ReturnType<typeof loadFeedbackArea>>;
type Row = FeedbackData["feedback"][number];

function StatusBadge({ isResolved }: { isResolved: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        isResolved ? "bg-badge-success text-white" : "bg-badge-warning-bg text-badge-warning"
      }`}
    >
      {isResolved ? "Resolved" : "Pending"}
    </span>
  );
}

/** Who sent it, as the list names them: a deleted account's name and email are gone. */
function senderOf(row: { username: string | null }) {
  return row.username ?? feedbackMessages.deletedAccount;
}

function Sender({ row }: { row: Row }) {
  if (row.username === null)
    return <p className="font-semibold text-stone-700 italic">{feedbackMessages.deletedAccount}</p>;
  return (
    <p className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
      {row.username} <AngledEmail email={row.email ?? ""} />
    </p>
  );
}

/**
 * "<email>", wrapping anywhere inside the address on a phone but never after "<" or before ">": each
 * bracket is kept on one line with its neighbouring letter, so neither is left alone on a line.
 */
function AngledEmail({ email }: { email: string }) {
  return (
    <span className="font-normal text-stone-700">
      <span className="whitespace-nowrap">&lt;{email.slice(0, 1)}</span>
      {email.slice(1, -1)}
      <span className="whitespace-nowrap">{email.slice(-1)}&gt;</span>
    </span>
  );
}

const names: ListNames = {
  noun: ["message", "messages"],
  anchor: anchors.feedbackList,
  rowAnchor: anchors.feedbackRow,
  pageLinks: ["Pages of feedback", "Newest feedback", "Older feedback"],
};

/** Marking resolved or pending is reversible, so it needs no confirmation: one POST each way. */
function StatusForm({ row, back }: { row: Row; back: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === row.id;
  return (
    // The fragment lands the page back on this message when the answer is a page (no JavaScript).
    <Form method="post" action={`${back}#${anchors.feedbackRow(row.id)}`} preventScrollReset>
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="isResolved" value={row.isResolved ? "false" : "true"} />
      <button type="submit" name="intent" value="setStatus" className="btn-secondary" disabled={busy}>
        {row.isResolved ? "Mark pending" : "Mark resolved"}
        <span className="sr-only"> (feedback from {senderOf(row)})</span>
      </button>
    </Form>
  );
}

export function FeedbackArea({ data, reply }: AreaProps<FeedbackData>) {
  // The same page of the same search, after a confirmation or a change.
  const back = adminAreaUrl("feedback", data.place);
  const confirm = data.confirm;
  const shown = data.feedback.map((row) => row.id);
  return (
    <div>
      {/* First in the area: without JavaScript the confirmation step is what the page opens on. */}
      <ConfirmDialog
        id="feedback-confirm-dialog"
        title="Delete feedback"
        prompt={feedbackMessages.deleteConfirm}
        {...deleteConfirmation(names, back, confirm)}
      >
        {confirm ? (
          <blockquote className="mt-2 border-l-4 border-stone-300 pl-3 text-stone-700">
            <p className="line-clamp-4 whitespace-pre-wrap">{confirm.feedback}</p>
            <footer className="mt-1 text-sm">— {senderOf(confirm)}</footer>
          </blockquote>
        ) : null}
      </ConfirmDialog>
      <AdminSearch
        option="feedback"
        value={data.q}
        error={data.searchError}
        label="Search by username, email or feedback"
      />
      <AdminList
        names={names}
        data={data}
        shown={shown}
        refusal={formErrorsOf(replyAboutNone(reply, "id", shown, "setStatus", "delete", ""))}
      >
        <ul className="space-y-3" aria-label="Feedback">
          {data.feedback.map((row) => (
            <li
              key={row.id}
              id={anchors.feedbackRow(row.id)}
              className="card scroll-mt-4 p-4"
              data-feedback-id={row.id}
            >
              <article aria-label={`Feedback from ${senderOf(row)}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Sender row={row} />
                  <StatusBadge isResolved={row.isResolved} />
                </div>
                <p className="mt-2 whitespace-pre-wrap text-stone-900">{row.feedback}</p>
                <p className="mt-1 text-xs text-stone-700">
                  <time dateTime={row.createdAt}>
                    {new Date(row.createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC
                  </time>
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <StatusForm row={row} back={back} />
                  <DeleteLink
                    to={adminAreaUrl("feedback", { ...data.place, confirm: "delete", id: row.id })}
                    what={`feedback from ${senderOf(row)}`}
                  />
                </div>
                <RowMessage rowAnchor={names.rowAnchor} id={row.id} reply={reply} intents={["setStatus", "delete"]} />
              </article>
            </li>
          ))}
        </ul>
      </AdminList>
    </div>
  );
}
