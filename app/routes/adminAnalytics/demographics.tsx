import { AnalyticsSection } from "./section";
import { BarChart, displayCount, type ChartRow } from "~/components/bar-chart";
import { FigureTable } from "~/components/data-table";
import type { DemographicGroup } from "~/models/analytics.server";
import { SUPPRESSED_LABEL } from "~/schemas/analytics";

type DemographicGroups = Record<"gender" | "ageBand" | "ethnicity" | "community", DemographicGroup[]>;

export function Demographics({ demographics }: { demographics: DemographicGroups }) {
  return (
    <AnalyticsSection
      id="demographics"
      title="User Demographics"
      intro={
        <>
          Groups of fewer than 5 users are shown as ‘{SUPPRESSED_LABEL}’ and drawn as a short grey bar, so that no one
          can be singled out.
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <DemographicChart id="gender" title="Users by gender" groups={demographics.gender} />
        <DemographicChart id="age" title="Users by age band" groups={demographics.ageBand} />
        <DemographicChart id="ethnicity" title="Users by ethnicity" groups={demographics.ethnicity} />
        <DemographicChart
          id="community"
          title="Users by college community membership"
          groups={demographics.community}
        />
      </div>
    </AnalyticsSection>
  );
}

function DemographicChart({ id, title, groups }: { id: string; title: string; groups: DemographicGroup[] }) {
  const rows: ChartRow[] = groups.map((group) => ({ label: group.label, values: [group.count] }));
  return (
    <section aria-labelledby={`${id}-heading`} className="card space-y-3 p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <BarChart
        id={`${id}-chart`}
        title={title}
        summary={`Bar chart; the same numbers are in the table below. ‘${SUPPRESSED_LABEL}’ marks groups of fewer than 5 users.`}
        series={[{ name: "Users", bar: "bg-brand-700" }]}
        rows={rows}
      />
      <FigureTable
        title={title}
        heading="Group"
        columns={["Users"]}
        rows={groups.map((group) => ({ label: group.label, figures: [displayCount(group.count)] }))}
      />
    </section>
  );
}
