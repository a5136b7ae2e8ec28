import { SUPPRESSED_LABEL } from "~/schemas/analytics";

type ChartSeries = { name: string; /** SVG fill class; each meets 3:1 against white (WCAG 1.4.11). */ fill: string };
/** One row of the chart; a null value is a suppressed group (fewer than 5 people). */
export type ChartRow = { label: string; values: (number | null)[] };

const WIDTH = 640;
const LABEL_WIDTH = 200;
const VALUE_WIDTH = 56;
const BAR_HEIGHT = 16;
const BAR_GAP = 4;
const ROW_GAP = 14;
const TOP = 8;
/** Suppressed groups get this fixed sliver, so their true size cannot be read off the bar. */
const SUPPRESSED_WIDTH = 6;

export function displayCount(value: number | null) {
  return value === null ? SUPPRESSED_LABEL : value.toLocaleString("en-US");
}

function truncate(text: string, max = 28) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A horizontal bar chart drawn on the server as inline SVG: no JavaScript, no library. It is an image
 * with a title and summary for assistive technology; the numbers themselves are in the table that
 * every chart on the page comes with.
 */
export function BarChart({ id, title, summary, series, rows }: { id: string; title: string; summary: string; series: ChartSeries[]; rows: ChartRow[] }) {
  const max = Math.max(1, ...rows.flatMap((row) => row.values.filter((value): value is number => value !== null)));
  const scale = (WIDTH - LABEL_WIDTH - VALUE_WIDTH) / max;
  const rowHeight = series.length * (BAR_HEIGHT + BAR_GAP) - BAR_GAP + ROW_GAP;
  const legendHeight = series.length > 1 ? 28 : 0;
  const height = TOP + legendHeight + Math.max(1, rows.length) * rowHeight;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full max-w-3xl"
      data-chart={id}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {series.length > 1 ? (
        <g aria-hidden="true">
          {series.map((item, index) => (
            <g key={item.name} transform={`translate(${LABEL_WIDTH + index * 130}, ${TOP})`}>
              <rect width={14} height={14} className={item.fill} />
              <text x={20} y={12} className="fill-stone-800 text-[13px]">
                {item.name}
              </text>
            </g>
          ))}
        </g>
      ) : null}
      {rows.length === 0 ? (
        <text x={0} y={TOP + 14} className="fill-stone-700 text-[13px]">
          No data yet
        </text>
      ) : null}
      {rows.map((row, rowIndex) => {
        const y = TOP + legendHeight + rowIndex * rowHeight;
        return (
          <g key={`${row.label}-${rowIndex}`} data-label={row.label}>
            <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT - 3} textAnchor="end" className="fill-stone-900 text-[13px]">
              {truncate(row.label)}
            </text>
            {row.values.map((value, seriesIndex) => {
              const barY = y + seriesIndex * (BAR_HEIGHT + BAR_GAP);
              const width = value === null ? SUPPRESSED_WIDTH : Math.max(value > 0 ? 2 : 0, value * scale);
              const fill = series[seriesIndex]?.fill ?? "fill-brand-700";
              return (
                <g key={seriesIndex} data-suppressed={value === null ? "true" : undefined}>
                  <rect
                    x={LABEL_WIDTH}
                    y={barY}
                    width={width}
                    height={BAR_HEIGHT}
                    className={value === null ? "fill-stone-500" : fill}
                    data-width={width}
                  />
                  <text x={LABEL_WIDTH + width + 6} y={barY + BAR_HEIGHT - 3} className="fill-stone-900 text-[13px] font-semibold">
                    {displayCount(value)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
