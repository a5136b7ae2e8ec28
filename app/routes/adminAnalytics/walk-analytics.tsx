import { AnalyticsSection } from "./section";
import { BarChart, displayCount } from "~/components/bar-chart";
import { formatShortDay } from "~/lib/dates";
import { METRES_PER_MILE, trailStrokeColor } from "~/lib/geo";
import type { WalkGroup } from "~/models/analytics.server";
import { SUPPRESSED_LABEL } from "~/schemas/analytics";

const trailBars: Record<string, string> = { gold: "bg-badge-warning", green: "bg-brand-700", gray: "bg-stone-600" };

function weekLabel(isoDate: string) {
  return formatShortDay(isoDate);
}

const displayMiles = (metres: number | null) =>
  metres === null ? SUPPRESSED_LABEL : (metres / METRES_PER_MILE).toFixed(1);

type WalkTrailRow = { id: string; name: string; color: string; perWeek: WalkGroup[]; total: WalkGroup };

export function WalkAnalytics({ weeks, trails }: { weeks: string[]; trails: WalkTrailRow[] }) {
  const title = "Walks per trail in each of the last 8 weeks";
  return (
    <AnalyticsSection
      id="walk-analytics"
      title="Walks"
      intro={
        <>
          Walks people logged or finished on the map, per trail and week (weeks start on Monday). A trail&rsquo;s week
          walked by fewer than 5 people is shown as &lsquo;{SUPPRESSED_LABEL}&rsquo;, for its walks and its distance
          alike.
        </>
      }
    >
      <figure className="card p-4">
        <figcaption className="mb-2 font-semibold text-stone-900">{title}</figcaption>
        <BarChart
          id="walk-chart"
          title={title}
          summary={`Bar chart, one group of bars per week, oldest first, one bar per trail; the numbers are in the table below. ‘${SUPPRESSED_LABEL}’ marks groups of fewer than 5 people.`}
          series={trails.map((trail) => ({
            name: trail.name,
            bar: trailBars[trail.color.toLowerCase()] ?? "bg-badge-primary",
          }))}
          rows={weeks.map((week, index) => ({
            label: `Week of ${weekLabel(week)}`,
            values: trails.map((trail) => trail.perWeek[index].walks),
          }))}
        />
      </figure>
      {/* On a phone the weeks scroll sideways inside the card; the table holds nothing focusable, so the
          card is a focusable region for the keyboard to scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable) */}
      <div className="card overflow-x-auto" role="region" aria-label="Walks per trail and week" tabIndex={0}>
        <table className="w-full text-left text-sm" data-table="walks">
          <caption className="px-4 pt-3 text-left text-stone-700">
            Walks and miles per trail and week, and in all
          </caption>
          <thead className="border-b border-stone-300">
            <tr>
              <th scope="col" className="px-4 py-2">
                Trail
              </th>
              {weeks.map((week) => (
                <th key={week} scope="col" className="px-2 py-2 text-right">
                  {weekLabel(week)}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 text-right">
                All walks
              </th>
            </tr>
          </thead>
          <tbody>
            {trails.map((trail) => (
              <tr key={trail.id} className="border-b border-stone-200 last:border-0" data-trail={trail.name}>
                <th scope="row" className="px-4 py-2 font-medium">
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block h-3 w-3 rounded-full border border-stone-900"
                    style={{ background: trailStrokeColor(trail.color) }}
                  />
                  {trail.name}
                </th>
                {[...trail.perWeek, trail.total].map((group, index) => (
                  <td key={index} className="px-2 py-2 text-right tabular-nums" data-walks={displayCount(group.walks)}>
                    {displayCount(group.walks)}{" "}
                    <span className="block text-xs text-stone-600">{displayMiles(group.metres)} mi</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AnalyticsSection>
  );
}
