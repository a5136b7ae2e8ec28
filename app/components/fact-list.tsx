/** A labelled list of facts ("Surface: Paved"): a description list, read in order by screen readers. */
export function FactList({ rows, className = "" }: { rows: { label: string; value: string }[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 ${className}`}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-medium text-stone-700">{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
