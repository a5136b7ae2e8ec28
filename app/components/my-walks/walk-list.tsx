import { Link } from "@remix-run/react";
import { actionsColumn, ColumnHeads } from "~/components/data-table";
import { formatWalkingTime } from "~/lib/geo";
import { dayLabel, miles, MY_WALKS_PAGE as PAGE, steps } from "./walk-figures";

type WalkView = {
  _id: string;
  trailName: string;
  date: string;
  durationMinutes: number | null;
  distanceMetres: number;
  steps: number;
};

export function WalkList({ walks }: { walks: WalkView[] }) {
  if (walks.length === 0)
    return <p className="card p-4">No walks yet. Log one above, or start a walk on the trail map.</p>;
  return (
    // `relative` keeps the visually hidden "Actions" header inside the card (it is positioned, and escaped
    // to widen the whole page on a phone); on a narrow screen the table scrolls inside the card, which
    // is a focusable region so a keyboard can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
    <div className="card relative overflow-x-auto" role="region" aria-label="Table of your walks" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your walks, newest first</caption>
        <thead className="border-b border-stone-300">
          <ColumnHeads
            columns={[
              "Date",
              "Trail",
              ...(["Duration", "Distance", "Steps"] as const).map((label) => ({ label, align: "right" as const })),
              actionsColumn,
            ]}
            cell="px-4 py-2"
          />
        </thead>
        <tbody>
          {walks.map((walk) => (
            <tr key={walk._id} className="border-b border-stone-200 last:border-0" data-walk-id={walk._id}>
              <th scope="row" className="px-4 py-2 font-medium">
                {dayLabel(walk.date)}
              </th>
              <td className="px-4 py-2">{walk.trailName}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                {walk.durationMinutes === null ? "—" : formatWalkingTime(walk.durationMinutes)}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{miles(walk.distanceMetres)} mi</td>
              <td className="px-4 py-2 text-right tabular-nums">{steps(walk.steps)}</td>
              <td className="px-4 py-2">
                <Link
                  to={`${PAGE}?confirm=delete&id=${walk._id}`}
                  preventScrollReset
                  aria-haspopup="dialog"
                  className="btn-link inline-flex min-h-11 items-center"
                  aria-label={`Delete the walk of ${dayLabel(walk.date)} on the ${walk.trailName}`}
                >
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
