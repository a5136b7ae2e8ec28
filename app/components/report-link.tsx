import { PageLink } from "~/components/page-link";
import { reportAnchors } from "~/lib/navigation";

/** The way from a bench on the map or in its list to the "Report a problem" form on the bench's page. */
export function ReportLink({ bench }: { bench: { id: string; benchNumber: number } }) {
  return (
    <p className="mt-2">
      <PageLink
        to={`/benches/${bench.id}#${reportAnchors.form}`}
        className="btn-link inline-flex min-h-11 items-center"
      >
        Report a problem<span className="sr-only"> at Bench {bench.benchNumber}</span>
      </PageLink>
    </p>
  );
}
