import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { SummaryForm } from "~/components/summary-form";
import { useSchemaForm } from "~/components/use-schema-form";
import { ReportCard } from "~/components/report-card";
import { AnchoredMessage } from "~/components/toast-message";
import { adminAreaUrl, noticeAnchors } from "~/lib/navigation";
import {
  REPORT_NOTE_MAX,
  reportCategories,
  reportCategoryLabels,
  reportMessages,
  reportStatuses,
  reportStatusFormSchema,
  reportStatusLabels,
} from "~/schemas/report";
import { anchors, formErrorsOf, replyAbout, replyAboutNone, type AreaProps } from "./area";
import type { loadReportsArea } from "./reports.server";
import { RowMessage } from "./admin-list";
import { LabelledSelect, ListPages, ListQueryForm, ResultCount } from "./search";

type ReportsData = Awaited<ReturnType<typeof loadReportsArea>>;
type Row = ReportsData["reports"][number];

const statusOptions = reportStatuses.map((status) => ({ value: status, label: reportStatusLabels[status] }));
const categoryOptions = reportCategories.map((category) => ({
  value: category,
  label: reportCategoryLabels[category],
}));

/**
 * The filters: a GET form, so the URL is the list's state (a link or a reload shows the same reports) and
 * it works without JavaScript. Changing a filter starts from the newest page.
 */
function ReportFilters({ data }: { data: ReportsData }) {
  const { place, trails } = data;
  const filtered = Boolean(place.status || place.trail || place.category);
  const filters = [
    { name: "status", label: "Status", all: "All statuses", options: statusOptions },
    { name: "trail", label: "Trail", all: "All trails", options: trails },
    { name: "category", label: "Category", all: "All categories", options: categoryOptions },
  ] as const;
  return (
    <ListQueryForm
      option="reports"
      label="Filter reports"
      className="mb-4 grid items-end gap-3 sm:grid-cols-2 xl:grid-cols-4"
      keep={{ limit: place.limit }}
    >
      {filters.map((filter) => (
        <LabelledSelect
          key={filter.name}
          id={`reports-${filter.name}`}
          name={filter.name}
          label={filter.label}
          value={place[filter.name]}
          options={filter.options}
          first={<option value="">{filter.all}</option>}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          Filter
        </button>
        {filtered || place.id ? (
          <Link to={adminAreaUrl("reports")} className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </div>
    </ListQueryForm>
  );
}

/** Who sent it: a deleted account's name and email are gone. */
function Reporter({ row }: { row: Row }) {
  if (row.username === null)
    return <p className="mt-2 text-sm text-stone-700 italic">From a {reportMessages.deletedAccount}</p>;
  return (
    <p className="mt-2 text-sm text-stone-700 [overflow-wrap:anywhere]">
      From <span className="font-semibold text-stone-900">{row.username}</span> &lt;{row.email}&gt;
    </p>
  );
}

/** The status and the note the reporter reads, changed together by one plain form. */
function StatusForm({ row, back, lastResult }: { row: Row; back: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields, summary] = useSchemaForm(`report-status-${row.id}`, reportStatusFormSchema, lastResult, {
    id: row.id,
    status: row.status,
    note: row.note ?? "",
  });
  return (
    // A refusal answered with a page (no JavaScript) lands on this report's error summary, focused.
    <SummaryForm form={form} summary={summary} action={back} className="mt-3 space-y-3 border-t border-stone-200 pt-3">
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value="setStatus" />
      <ErrorSummary summary={summary} level={4} />
      <div className="max-w-xs">
        <SelectField field={fields.status} label="Status" placeholder="Choose a status" options={statusOptions} />
      </div>
      <TextAreaField
        field={fields.note}
        label={`Note to the reporter (optional, at most ${REPORT_NOTE_MAX.toLocaleString("en-US")} characters)`}
        rows={3}
      />
      <SubmitButton intent="setStatus" label="Save status" pendingLabel="Saving…" />
    </SummaryForm>
  );
}

/**
 * "Turn into a notice": one press posts a notice for walkers on the report's bench or trail (its kind and
 * words from the category, from now, no end) and opens it in the Notices area to adjust. A report with a
 * notice showing or upcoming links to it instead.
 */
function NoticeFromReport({ row, back }: { row: Row; back: string }) {
  if (row.noticeId) {
    return (
      <p className="mt-3">
        <Link
          to={`${adminAreaUrl("notices", { edit: row.noticeId })}#${noticeAnchors.edit}`}
          className="btn-link inline-flex min-h-11 items-center"
        >
          See its notice
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" action={`${back}#${anchors.reportRow(row.id)}`} className="mt-3">
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value="makeNotice" />
      <SubmitButton intent="makeNotice" label="Turn into a notice" pendingLabel="Posting…" className="btn-secondary" />
    </Form>
  );
}

export function ReportsArea({ data, reply }: AreaProps<ReportsData>) {
  // The same page of the same filters (or the one report), after a change.
  const back = adminAreaUrl("reports", data.place);
  const shown = data.reports.map((row) => row.id);
  const rowAnchors = new Set(shown.map(anchors.reportRow));
  return (
    <div>
      <ReportFilters data={data} />
      <div id={anchors.reportList} className="scroll-mt-4">
        {data.single ? (
          <p className="mb-2 text-sm text-stone-700">
            {data.single.found ? "Showing one report." : "That report no longer exists."}{" "}
            <Link to={adminAreaUrl("reports")} className="btn-link inline-flex min-h-11 items-center">
              All reports
            </Link>
          </p>
        ) : (
          <ResultCount
            count={data.pages.count}
            more={data.pages.more}
            shown={data.reports.length}
            paged={Boolean(data.pages.older || data.pages.newest)}
            q=""
            noun={["report", "reports"]}
          />
        )}
        <AnchoredMessage
          anchor={anchors.reportList}
          refusal={formErrorsOf(replyAboutNone(reply, "id", shown, "setStatus", "makeNotice"))}
          alsoFor={(anchor) => anchor.startsWith(anchors.reportRow("")) && !rowAnchors.has(anchor)}
        />
      </div>
      {data.reports.length === 0 ? (
        data.single ? null : (
          <p className="card p-6 text-stone-800">No reports</p>
        )
      ) : (
        <ul className="space-y-3" aria-label="Reports">
          {data.reports.map((row) => {
            const lastResult = replyAbout(reply, "id", row.id, "setStatus");
            return (
              <li key={row.id} id={anchors.reportRow(row.id)} className="card scroll-mt-4 p-4" data-report-id={row.id}>
                <ReportCard report={row} headingLevel={3}>
                  <Reporter row={row} />
                  {/* Remounted when the report changes, so the form shows what was saved. */}
                  <StatusForm key={row.updatedAt} row={row} back={back} lastResult={lastResult} />
                  <NoticeFromReport row={row} back={back} />
                  <RowMessage rowAnchor={anchors.reportRow} id={row.id} reply={reply} intents={["makeNotice"]} />
                </ReportCard>
              </li>
            );
          })}
        </ul>
      )}
      <ListPages pages={data.pages} label="Pages of reports" newestLabel="Newest reports" olderLabel="Older reports" />
    </div>
  );
}
