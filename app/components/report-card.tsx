import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { badgeToneClasses } from "~/components/category-badge";
import { reportCategoryLabels, reportStatusLabels, type ReportStatus, type ReportView } from "~/schemas/report";

const toneByStatus = { open: "warning", in_progress: "info", resolved: "success" } as const;

function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeToneClasses[toneByStatus[status]]}`}
    >
      {reportStatusLabels[status]}
    </span>
  );
}

/** A moment as the lists show it, the same on the server and in every browser: "2026-11-26 14:05 UTC". */
function shownTime(iso: string) {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** What the report is about and where, its status, what was reported, and the team's note. */
export function ReportCard({
  report,
  headingLevel = 2,
  children,
}: {
  report: ReportView;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = `${reportCategoryLabels[report.category]}${report.place ? `, ${report.place.name}` : ""}`;
  return (
    <article aria-label={title} className="min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-lg font-semibold [overflow-wrap:anywhere]">
          {reportCategoryLabels[report.category]}
        </Heading>
        <ReportStatusBadge status={report.status} />
      </div>
      {report.place ? (
        <p className="text-stone-700 [overflow-wrap:anywhere]">
          {report.place.href ? (
            <Link to={report.place.href} className="btn-link inline-flex min-h-11 items-center">
              {report.place.name}
            </Link>
          ) : (
            report.place.name
          )}
          {report.place.detail ? ` (${report.place.detail})` : null}
        </p>
      ) : null}
      <p className="mt-2 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{report.description}</p>
      <p className="mt-1 text-xs text-stone-700">
        Sent <time dateTime={report.createdAt}>{shownTime(report.createdAt)}</time>
        {report.updatedAt !== report.createdAt ? (
          <>
            {" "}
            · updated <time dateTime={report.updatedAt}>{shownTime(report.updatedAt)}</time>
          </>
        ) : null}
      </p>
      {report.note ? (
        <div className="mt-3 rounded-md border-l-4 border-brand-700 bg-brand-50 px-3 py-2">
          <p className="text-sm font-semibold text-stone-900">Note from the team</p>
          <p className="mt-1 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{report.note}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
