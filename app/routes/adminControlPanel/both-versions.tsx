import type { SubmissionResult } from "@conform-to/react";
import { ColumnHeads } from "~/components/data-table";

/**
 * What an edit form's refused submission typed, when it was based on another version of the row than the
 * one the page shows now: someone else saved in between (the refusal says so above the form). Null when
 * the reply is about the version shown (a typing error, or no reply at all).
 */
export function typedOverStale(
  lastResult: SubmissionResult<string[]> | undefined,
  shownVersion: number,
): Record<string, unknown> | null {
  const typed = lastResult?.initialValue;
  if (!typed || typeof typed.version !== "string" || typed.version === String(shownVersion)) return null;
  return typed;
}

/** A typed value as text: what a text field held, or a select's choice. */
export function typedText(typed: Record<string, unknown>, name: string) {
  const value = typed[name];
  return typeof value === "string" ? value : "";
}

const EMPTY = "(empty)";

type VersionRow = { label: string; yours: string; saved: string };

/**
 * Both versions after a stale save: what the admin typed (still in the form, nothing overwritten) beside
 * what is saved now, field by field, the ones that differ marked. Saving again, now based on the version
 * shown, replaces the saved values with the form's.
 */
export function BothVersions({ id, rows }: { id: string; rows: VersionRow[] }) {
  return (
    <div id={id} className="mb-4 overflow-hidden rounded-md border border-amber-700 bg-amber-50">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="px-3 pt-3 pb-2 text-left text-stone-900">
          Nothing was saved. What you entered is still in the form; the values saved now are beside it. Save again to
          replace them with yours.
        </caption>
        <thead className="border-b border-amber-700 text-stone-900">
          <ColumnHeads columns={["Field", "You entered", "Saved now"]} cell="px-3 py-2" />
        </thead>
        <tbody>
          {rows.map(({ label, yours, saved }) => {
            const differs = yours !== saved;
            return (
              <tr
                key={label}
                className={`border-t border-amber-200 align-top ${differs ? "font-semibold text-stone-950" : "text-stone-800"}`}
              >
                <th scope="row" className="px-3 py-2 font-medium [overflow-wrap:anywhere]">
                  {label}
                  {differs ? <span className="sr-only"> (differs)</span> : null}
                </th>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{yours || EMPTY}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{saved || EMPTY}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
