import { ColumnHeads } from "~/components/data-table";
import { BENCH_NEAR_TRAIL_METRES } from "~/lib/trail-walk";
import type { TrailPathPreview } from "~/models/trail-path-draft.server";

// What the path preview says in figures: the new path's length and points against the current one, and
// the benches it would leave far from the trail.

/** "1,234 m (1.23 km)". */
function lengthText(metres: number) {
  return `${Math.round(metres).toLocaleString("en-US")} m (${(metres / 1000).toFixed(2)} km)`;
}

function signed(value: number, text: (magnitude: number) => string) {
  if (Math.round(value) === 0) return "no change";
  return `${value > 0 ? "+" : "−"}${text(Math.abs(value))}`;
}

const count = (n: number) => n.toLocaleString("en-US");

type PathFigures = TrailPathPreview["now"];

/** The rows of the before-and-after table: what each measures of a path, and how its value and change read. */
const MEASURES = [
  { label: "Points", of: (path: PathFigures) => path.points, text: count, change: count },
  {
    label: "Length",
    of: (path: PathFigures) => path.metres,
    text: lengthText,
    change: (metres: number) => `${count(Math.round(metres))} m`,
  },
];

export function Figures({ preview }: { preview: TrailPathPreview }) {
  const { now, uploaded } = preview;
  if (preview.trail.id === null) {
    return (
      <p className="mb-6">{`The new trail: ${count(uploaded.points)} points, ${lengthText(uploaded.metres)} long.`}</p>
    );
  }
  return (
    <table className="mb-6 w-full border-collapse text-left">
      <caption className="mb-2 text-left font-semibold text-stone-900">Before and after</caption>
      <thead>
        <ColumnHeads
          columns={[{ empty: true }, "Now", "Uploaded", { label: "Change", className: "py-2" }]}
          cell="py-2 pr-3"
          className="border-b border-stone-300"
        />
      </thead>
      <tbody>
        {MEASURES.map(({ label, of, text, change }) => (
          <tr key={label} className="border-b border-stone-200 align-top">
            <th scope="row" className="py-2 pr-3">
              {label}
            </th>
            {(["now", "uploaded"] as const).map((column) => (
              <td key={column} className="py-2 pr-3" data-figure={`${label.toLowerCase()}-${column}`}>
                {text(of(preview[column]))}
              </td>
            ))}
            <td className="py-2">{signed(of(uploaded) - of(now), change)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FarBenches({ preview }: { preview: TrailPathPreview }) {
  const { farBenches, trail } = preview;
  if (trail.id === null) return null;
  return (
    <section aria-labelledby="far-benches-heading" className="mb-6">
      <h2 id="far-benches-heading" className="mb-2 text-xl font-semibold">
        Benches more than {BENCH_NEAR_TRAIL_METRES} m from the new path
      </h2>
      {farBenches.length === 0 ? (
        <p>{`Every bench of the ${trail.name} stays within ${BENCH_NEAR_TRAIL_METRES} m of the new path.`}</p>
      ) : (
        <>
          <p className="mb-2">{`These benches of the ${trail.name} would no longer count as on it, and would leave its page and its walk:`}</p>
          <ul className="list-disc space-y-1 pl-6 [overflow-wrap:anywhere]">
            {farBenches.map((bench) => (
              <li key={bench.id}>
                {`Bench ${bench.benchNumber} (${bench.location}): ${Math.round(bench.metresAfter).toLocaleString("en-US")} m from the new path` +
                  (bench.metresNow === null
                    ? ""
                    : `, ${Math.round(bench.metresNow).toLocaleString("en-US")} m from the current one`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
