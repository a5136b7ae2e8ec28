import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReportCard } from "~/components/report-card";
import { requireUser } from "~/http/auth.server";
import { reportAnchors } from "~/lib/navigation";
import { listReports, toReportView } from "~/models/report.server";
import { MY_REPORTS_PAGE } from "~/schemas/report";
import { ProfileBreadcrumb } from "~/components/profile-breadcrumb";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My Reports") }];

const PAGE = "/userControlPanel/reports";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser({ request, context });
  // The URL is the state: ?cursor= shows older reports; a cursor we did not make shows the newest.
  const cursor = new URL(request.url).searchParams.get("cursor");
  const page = await listReports({
    userId: user.id,
    cursor: cursor && cursor.length <= 400 ? cursor : null,
    take: MY_REPORTS_PAGE,
  });
  return {
    reports: page.reports.map(toReportView),
    older: page.next ? `${PAGE}?${new URLSearchParams({ cursor: page.next })}#${reportAnchors.list}` : null,
    showingOlder: Boolean(cursor),
  };
}

export default function MyReports() {
  const { reports, older, showingOlder } = useLoaderData<typeof loader>();
  return (
    <div className="page space-y-6">
      <div>
        <ProfileBreadcrumb page="My Reports" />
        <p className="mt-2 text-stone-700">
          The problems you reported, newest first, with their status (open, in progress or resolved) and the team's note
          when there is one. To report another, use “Report a problem” on a{" "}
          <Link to="/trails" className="font-medium text-brand-700 underline">
            trail's
          </Link>{" "}
          or a bench's page.
        </p>
      </div>
      <section id={reportAnchors.list} aria-labelledby="report-list-heading" className="scroll-mt-4 space-y-3">
        <h2 id="report-list-heading" className="sr-only">
          Your reports
        </h2>
        {reports.length === 0 ? (
          <p className="card p-4">{showingOlder ? "No older reports." : "You have not reported a problem yet."}</p>
        ) : (
          <ul className="space-y-3" aria-label="Your reports">
            {reports.map((report) => (
              <li key={report.id} id={reportAnchors.card(report.id)} className="card scroll-mt-4 p-4">
                <ReportCard report={report} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
        {older || showingOlder ? (
          <nav aria-label="Pages of your reports" className="flex flex-wrap gap-3">
            {showingOlder ? (
              <Link to={`${PAGE}#${reportAnchors.list}`} className="btn-secondary">
                Newest reports
              </Link>
            ) : null}
            {older ? (
              <Link to={older} className="btn-secondary">
                Older reports
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
