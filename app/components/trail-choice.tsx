import { NoticeIcon } from "~/components/notice-banner";
import { PageLink } from "~/components/page-link";
import { trailStrokeColor } from "~/lib/geo";
import { noticeKindLabels, type NoticeKind } from "~/schemas/notice";

type Choice = { id: string; name: string; color: string; param: string; notice: NoticeKind | null };

/** Up to this many trails are a row of buttons; more are a list to choose from, which a phone can hold. */
const TRAIL_BUTTONS_MAX = 8;

/**
 * The map's trail choice. A few trails: a button each, the chosen one marked. Many: a select and a Show
 * button in a GET form, a plain form (it works without scripts, and in the page's shared markup, which is
 * rendered outside the router).
 */
export function TrailChoice({
  trails,
  selectedId,
  showBenches,
  hrefFor,
}: {
  trails: readonly Choice[];
  selectedId: string | null;
  showBenches: boolean;
  hrefFor: (param: string) => string;
}) {
  if (trails.length > TRAIL_BUTTONS_MAX) {
    return (
      <nav aria-label="Trails">
        <form method="get" action="/trails" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="trail-choice" className="field-label">
              Trail
            </label>
            <select
              id="trail-choice"
              name="trail"
              defaultValue={trails.find((candidate) => candidate.id === selectedId)?.param}
              className="field-input"
            >
              {trails.map((candidate) => (
                <option key={candidate.id} value={candidate.param}>
                  {candidate.name}
                  {candidate.notice ? ` (${noticeKindLabels[candidate.notice].toLowerCase()})` : ""}
                </option>
              ))}
            </select>
          </div>
          {showBenches ? <input type="hidden" name="benches" value="1" /> : null}
          <button type="submit" className="btn-secondary">
            Show trail
          </button>
        </form>
      </nav>
    );
  }
  return (
    <nav aria-label="Trails">
      <ul className="flex flex-wrap gap-2">
        {trails.map((candidate) => {
          const selected = candidate.id === selectedId;
          return (
            <li key={candidate.id}>
              <PageLink
                to={hrefFor(candidate.param)}
                preventScrollReset
                replace
                aria-current={selected ? "true" : undefined}
                className={selected ? "btn-primary" : "btn-secondary"}
              >
                <span
                  aria-hidden="true"
                  className="inline-block h-3 w-3 rounded-full border border-stone-900"
                  style={{ background: trailStrokeColor(candidate.color) }}
                />
                {candidate.name}
                {candidate.notice ? (
                  <>
                    <NoticeIcon kind={candidate.notice} className="h-4 w-4" />
                    <span className="sr-only">({noticeKindLabels[candidate.notice].toLowerCase()})</span>
                  </>
                ) : null}
              </PageLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
