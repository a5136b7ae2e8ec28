import type { ReactNode } from "react";

/**
 * A column's heading: its text (or a visually hidden one), and how its cells line up. `className`, when
 * given, is the heading's whole class instead of the table's cell class; `empty` is the corner cell over a
 * column of row headings, a `td` with nothing in it.
 */
export type Column = string | { label?: ReactNode; className?: string; align?: "right"; empty?: boolean };

/** A table's row of column headings, each `th scope="col"` with the table's cell padding. */
export function ColumnHeads({
  columns,
  cell,
  className,
}: {
  columns: readonly Column[];
  cell: string;
  className?: string;
}) {
  return (
    <tr className={className}>
      {columns.map((column, i) => {
        const { label, className: own, align, empty } = typeof column === "string" ? { label: column } : column;
        const classes = own ?? (align === "right" ? `${cell} text-right` : cell);
        return empty ? (
          <td key={i} className={classes} />
        ) : (
          <th key={i} scope="col" className={classes}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}

/** The heading of a column of buttons: read by a screen reader, not shown. */
export const actionsColumn = { label: <span className="sr-only">Actions</span> };

/**
 * A table on a wide screen and a list of cards below `md` (decision 020): the heading row hides and the
 * rows and cells become blocks, each cell naming its field itself. The caller gives the rows, whose cells
 * carry their own `block md:table-cell` classes, and the box around it.
 */
export function ResponsiveTable(props: {
  caption: ReactNode;
  captionClassName: string;
  columns: readonly Column[];
  cell: string;
  tableClassName?: string;
  headClassName?: string;
  headRowClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <table className={`block w-full text-left md:table ${props.tableClassName ?? ""}`.trim()}>
      <caption className={props.captionClassName}>{props.caption}</caption>
      <thead className={`hidden md:table-header-group ${props.headClassName ?? ""}`.trim()}>
        <ColumnHeads columns={props.columns} cell={props.cell} className={props.headRowClassName} />
      </thead>
      <tbody className={`block md:table-row-group ${props.bodyClassName ?? ""}`.trim()}>{props.children}</tbody>
    </table>
  );
}

/**
 * The figures a bar chart draws, as a table under it: a heading per row, then its numbers right-aligned.
 * The caption is for assistive technology: the chart's title says it for sighted readers.
 */
export function FigureTable({
  title,
  heading,
  columns,
  rows,
  className = "",
}: {
  title: string;
  heading: string;
  columns: readonly string[];
  rows: readonly { label: string; figures: readonly ReactNode[] }[];
  className?: string;
}) {
  const figureColumns = columns.map((label, i) => ({
    label,
    className: i === columns.length - 1 ? "py-1 text-right" : "py-1 pr-4 text-right",
  }));
  return (
    <table className={`w-full text-left text-sm ${className}`.trim()}>
      <caption className="sr-only">{title}</caption>
      <thead>
        <ColumnHeads columns={[heading, ...figureColumns]} cell="py-1 pr-4" className="border-b border-stone-300" />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-stone-200 last:border-0">
            <th scope="row" className="py-1 pr-4 font-normal">
              {row.label}
            </th>
            {row.figures.map((figure, i) => (
              <td key={i} className={`${figureColumns[i].className} tabular-nums`}>
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
