import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AnchoredMessage } from "~/components/toast-message";
import { formErrorsOf, replyAbout, type AreaReply } from "./area";
import { ListPages, ResultCount } from "./search";

/**
 * How an area's list names its rows (one, several), the ids its results land on (the list's and a row's),
 * and its page links (their navigation's name, Newest, Older).
 */
export type ListNames = {
  noun: [string, string];
  anchor: string;
  rowAnchor: (id: string) => string;
  pageLinks: [label: string, newest: string, older: string];
};

/**
 * A paginated list of an area. Its head is its ResultCount and under it the message of a change whose row
 * is not on this page (gone, or never shown): a refusal about none of the `shown` rows, or a result
 * anchored to another row than these. The head is the list's anchor, where such results land, unless
 * `inside` an element that already is. Then the rows, or `empty` when there are none, and the page links.
 */
export function AdminList({
  names,
  data,
  shown,
  refusal,
  empty = <p className="card p-6 text-stone-800">No results found</p>,
  messageClassName,
  inside = false,
  children,
}: {
  names: ListNames;
  data: { pages: { count: number; more: boolean; older: string | null; newest: string | null }; q?: string };
  shown: readonly string[];
  refusal: string[] | null;
  empty?: ReactNode;
  messageClassName?: string;
  inside?: boolean;
  children: ReactNode;
}) {
  const { pages } = data;
  const rowAnchors = new Set(shown.map(names.rowAnchor));
  const head = (
    <>
      <ResultCount
        count={pages.count}
        more={pages.more}
        shown={shown.length}
        paged={Boolean(pages.older || pages.newest)}
        q={data.q ?? ""}
        noun={names.noun}
      />
      <AnchoredMessage
        anchor={names.anchor}
        refusal={refusal}
        alsoFor={(other) => other.startsWith(names.rowAnchor("")) && !rowAnchors.has(other)}
        className={messageClassName}
      />
    </>
  );
  const [label, newestLabel, olderLabel] = names.pageLinks;
  return (
    <>
      {inside ? (
        head
      ) : (
        <div id={names.anchor} className="scroll-mt-4">
          {head}
        </div>
      )}
      {shown.length === 0 ? empty : children}
      <ListPages pages={pages} label={label} newestLabel={newestLabel} olderLabel={olderLabel} />
    </>
  );
}

/**
 * What a row's delete confirmation does: it is open while the URL asks about `confirm`; closing it goes
 * back to that row; the deletion is answered where the list says what it shows, the row's place being gone.
 */
export function deleteConfirmation(names: ListNames, back: string, confirm: { id: string; version?: number } | null) {
  return {
    open: Boolean(confirm),
    closeTo: confirm ? `${back}#${names.rowAnchor(confirm.id)}` : back,
    action: `${back}#${names.anchor}`,
    intent: "delete",
    fields: confirm ? { id: confirm.id, ...(confirm.version === undefined ? {} : { version: confirm.version }) } : {},
    confirmLabel: "Yes, delete",
  };
}

/**
 * A row's Delete: it opens the confirmation, a GET to the area's ?confirm=delete URL (`to`), so it works
 * without JavaScript. `what` names the row for a screen reader.
 */
export function DeleteLink({ to, what, className = "btn-danger" }: { to: string; what: string; className?: string }) {
  return (
    <Link to={to} preventScrollReset className={className} aria-haspopup="dialog">
      Delete<span className="sr-only"> {what}</span>
    </Link>
  );
}

/**
 * A row's last result, standing beside the buttons that caused it: the message anchored to the row (its
 * `rowAnchor`), or the refusal of a submission of one of `intents` about it (its hidden `id`).
 */
export function RowMessage({
  rowAnchor,
  id,
  reply,
  intents,
}: {
  rowAnchor: (id: string) => string;
  id: string;
  reply?: AreaReply;
  intents: string[];
}) {
  return <AnchoredMessage anchor={rowAnchor(id)} refusal={formErrorsOf(replyAbout(reply, "id", id, ...intents))} />;
}
