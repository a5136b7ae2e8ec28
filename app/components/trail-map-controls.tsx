import { useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageLink } from "~/components/page-link";
import { WalkPrivacyNote } from "~/components/walk-panel";
import { useHydrated } from "~/lib/use-hydrated";

// The trail map's controls around the map (/trails): the bench switch, the map view link and the walk's
// invitation before scripts run. Each works without JavaScript; none uses the router before hydration, as
// the page's shared markup is rendered outside it (decision 061).

/** The map page's address for a trail (its slug), keeping the bench switch, with any other parameters. */
export function trailHref(trail: string, showBenches: boolean, extra: Record<string, string> = {}) {
  return `/trails?${new URLSearchParams({ trail, ...(showBenches ? { benches: "1" } : {}), ...extra })}`;
}

/**
 * 'Show Benches' / 'Hide Benches': drawn as a switch, named by what pressing it does. Without
 * JavaScript it is a plain link; once hydrated, a button that keeps the state in the URL (replacing the
 * history entry) so reloads and shared links agree. Not role="switch": a switch's name must stay the
 * same in both states, and this one's changes, so a screen reader heard "Hide Benches, on".
 */
export function BenchSwitch({ trail, showBenches }: { trail: string; showBenches: boolean }) {
  const hydrated = useHydrated();
  const text = showBenches ? "Hide Benches" : "Show Benches";
  const track = <SwitchTrack on={showBenches} />;
  if (!hydrated) {
    return (
      <PageLink to={trailHref(trail, !showBenches)} preventScrollReset replace className="btn-secondary">
        {track}
        {text}
      </PageLink>
    );
  }
  return (
    <BenchSwitchButton trail={trail} showBenches={showBenches}>
      {track}
      {text}
    </BenchSwitchButton>
  );
}

function SwitchTrack({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`relative inline-block h-6 w-11 rounded-full border-2 transition-colors ${on ? "border-brand-700 bg-brand-700" : "border-stone-500 bg-stone-200"}`}
    >
      <span
        className={`absolute top-0.5 left-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : "translate-x-0"}`}
      />
    </span>
  );
}

/** The hydrated switch: the router's search params, which the server's shared markup has no router for. */
function BenchSwitchButton({
  trail,
  showBenches,
  children,
}: {
  trail: string;
  showBenches: boolean;
  children: ReactNode;
}) {
  const [, setSearchParams] = useSearchParams();
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={() =>
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set("trail", trail);
            if (showBenches) next.delete("benches");
            else next.set("benches", "1");
            return next;
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      {children}
    </button>
  );
}

/**
 * Hidden when scripts are off: both controls lead to a page whose scripts would not run. Inline in the
 * document, so a browser without JavaScript never shows them, not even for a moment.
 */
const NEEDS_SCRIPTS = "data-needs-scripts";
export function HideWithoutScripts() {
  return (
    <noscript>
      <style>{`[${NEEDS_SCRIPTS}]{display:none!important}`}</style>
    </noscript>
  );
}

/**
 * "Interactive map" / "Simple map": a plain link either way, so the page without scripts can offer it;
 * the answer remembers the choice (decision 067) and, for the interactive map, brings the scripts.
 */
export function MapViewLink({
  trail,
  showBenches,
  view,
}: {
  trail: string;
  showBenches: boolean;
  view: "interactive" | "simple";
}) {
  const next = view === "interactive" ? "simple" : "interactive";
  return (
    <PageLink
      to={trailHref(trail, showBenches, { map: next })}
      preventScrollReset
      replace
      className="btn-secondary"
      data-needs-scripts=""
    >
      {next === "interactive" ? "Interactive map" : "Simple map"}
    </PageLink>
  );
}

/**
 * Before scripts run: the walk companion's place, with "Start walk" as a link whose answer brings the
 * companion and starts the walk (the location is asked for then, after the press).
 */
export function WalkInvitation({ trailName, href, walking }: { trailName: string; href: string; walking: boolean }) {
  return (
    <section
      aria-labelledby="walk-heading"
      className="card mt-4 space-y-3 p-4"
      data-needs-scripts=""
      data-walk-invitation
    >
      <h2 id="walk-heading" className="text-xl font-semibold">
        Walk with the map
      </h2>
      <p>See where you are on the {trailName}, how far you have walked, what is left and the next bench ahead.</p>
      <WalkPrivacyNote id="walk-privacy-start" />
      {walking ? (
        <p role="status">Starting the walk…</p>
      ) : (
        <PageLink to={href} preventScrollReset replace className="btn-primary" aria-describedby="walk-privacy-start">
          Start walk
        </PageLink>
      )}
    </section>
  );
}
