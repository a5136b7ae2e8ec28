import { SUPPRESSED_LABEL } from "~/schemas/analytics";

/** `bar`: a background class; each meets 3:1 against white (WCAG 1.4.11). */
type ChartSeries = { name: string; bar: string };
/**
 * One row of the chart; a null value is a suppressed group (fewer than 5 people). A row with a `note`
 * draws no bars: it stands for many items with nothing to draw (say, videos nobody has watched yet).
 */
export type ChartRow = { label: string; values: (number | null)[]; note?: string };

/** Suppressed groups get this fixed sliver, so their true size cannot be read off the bar. */
const SUPPRESSED_WIDTH = "6px";
/** Room kept beside the longest bar for its number. */
const VALUE_ROOM = "4.5rem";

export function displayCount(value: number | null) {
  return value === null ? SUPPRESSED_LABEL : value.toLocaleString("en-US");
}

/**
 * A horizontal bar chart in HTML drawn on the server: no JavaScript, no library. Its text is real text
 * at the page's own size (an SVG scaled to a phone shrank it below readable), and labels wrap instead of
 * being cut. For assistive technology it is one image with a title and summary; the numbers themselves
 * are in the table that every chart on the page comes with.
 */
export function BarChart({
  id,
  title,
  summary,
  series,
  rows,
}: {
  id: string;
  title: string;
  summary: string;
  series: ChartSeries[];
  rows: ChartRow[];
}) {
  const max = Math.max(
    1,
    ...rows.flatMap((row) => (row.note ? [] : row.values.filter((value): value is number => value !== null))),
  );
  return (
    <div
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      data-chart={id}
      className="space-y-3 text-sm"
    >
      <span id={`${id}-title`} className="sr-only">
        {title}
      </span>
      <span id={`${id}-desc`} className="sr-only">
        {summary}
      </span>
      {series.length > 1 ? (
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-stone-800" data-legend>
          {series.map((item) => (
            <span key={item.name} className="inline-flex items-center gap-2">
              <span className={`inline-block h-3.5 w-3.5 ${item.bar}`} />
              {item.name}
            </span>
          ))}
        </div>
      ) : null}
      {rows.length === 0 ? <p className="text-stone-700">No data yet</p> : null}
      {rows.map((row, rowIndex) => (
        <div
          key={`${row.label}-${rowIndex}`}
          data-label={row.label}
          className="grid gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-center"
        >
          <span
            className="min-w-0 font-medium text-stone-900 [overflow-wrap:anywhere]"
            data-row-label
            title={row.label}
          >
            {row.label}
          </span>
          {row.note ? (
            <span className="text-stone-700" data-note>
              {row.note}
            </span>
          ) : (
            <span className="flex min-w-0 flex-col gap-1">
              {row.values.map((value, seriesIndex) => {
                const width =
                  value === null ? SUPPRESSED_WIDTH : `max(2px, calc((100% - ${VALUE_ROOM}) * ${(value ?? 0) / max}))`;
                return (
                  <span
                    key={seriesIndex}
                    className="flex items-center gap-2"
                    data-suppressed={value === null ? "true" : undefined}
                  >
                    {value === 0 ? null : (
                      <span
                        className={`block h-4 shrink-0 ${value === null ? "bg-stone-500" : (series[seriesIndex]?.bar ?? "bg-brand-700")}`}
                        style={{ width }}
                        data-bar
                      />
                    )}
                    <span className="font-semibold text-stone-900 tabular-nums" data-value>
                      {displayCount(value)}
                    </span>
                  </span>
                );
              })}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
