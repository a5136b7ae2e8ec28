import { BarChart } from "~/components/bar-chart";
import { FigureTable } from "~/components/data-table";
import { formatShortDay } from "~/lib/dates";
import { miles, steps } from "./walk-figures";

function weekLabel(isoDate: string) {
  return `Week of ${formatShortDay(isoDate)}`;
}

type Totals = { walks: number; metres: number; steps: number };

export function TotalsCard({ id, title, totals }: { id: string; title: string; totals: Totals }) {
  return (
    <section aria-labelledby={`${id}-totals-heading`} className="card p-4" data-totals={id}>
      <h3 id={`${id}-totals-heading`} className="text-lg font-semibold">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-stone-700">Distance</dt>
        <dd>{miles(totals.metres)} mi</dd>
        <dt className="font-medium text-stone-700">Walks</dt>
        <dd>{totals.walks}</dd>
        <dt className="font-medium text-stone-700">Steps</dt>
        <dd>about {steps(totals.steps)}</dd>
      </dl>
    </section>
  );
}

export function WeeksChart({ weeks }: { weeks: { weekStart: string; metres: number; walks: number }[] }) {
  const title = "Miles walked in each of the last 8 weeks";
  return (
    <figure className="card p-4">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <BarChart
        id="walk-weeks-chart"
        title={title}
        summary="Bar chart, oldest week first; the same numbers are in the table below."
        series={[{ name: "Miles", bar: "bg-brand-700" }]}
        rows={weeks.map((week) => ({ label: weekLabel(week.weekStart), values: [Number(miles(week.metres))] }))}
      />
      <FigureTable
        title={title}
        heading="Week"
        columns={["Miles", "Walks"]}
        rows={weeks.map((week) => ({ label: weekLabel(week.weekStart), figures: [miles(week.metres), week.walks] }))}
        className="mt-3"
      />
    </figure>
  );
}
