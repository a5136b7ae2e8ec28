import { formatDay } from "~/lib/dates";
import { Form, Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { BenchVideoLinks } from "~/components/bench-video-links";
import type { MapBenchVideo } from "~/components/trail-map-types";
import { formatWalkingTime, METRES_PER_MILE, WALKING_PACE_MPH } from "~/lib/geo";
import { ON_TRAIL_METRES, type WalkBench } from "~/lib/trail-walk";
import type { TrailWalk } from "~/lib/use-trail-walk";
import { MAX_WALK_MINUTES } from "~/schemas/walk";

type PanelBench = WalkBench & { location: string; videos: MapBenchVideo[] };
type TrailChoice = { id: string; name: string; param: string };

const LOG_PAGE = "/userControlPanel/walks";

const distance = (metres: number) =>
  `${(metres / METRES_PER_MILE).toFixed(2)} mi (${Math.round(metres).toLocaleString("en-US")} m)`;

/** The walker's local calendar day: what "today" means to them. */
function localDay(time: number) {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Said next to Start and Finish, and on the Privacy page in the same words. */
export function WalkPrivacyNote({ id }: { id?: string }) {
  return (
    <p id={id} className="text-sm text-stone-700">
      Your location stays on this device. While you walk, nothing about where you are is sent to us. When you finish,
      you may save a summary (the trail, the date, how long and how far you walked along the trail) and nothing else.
    </p>
  );
}

/**
 * The walk controls on the trail map, shown once scripts run: Start asks for the location, the status is
 * announced politely, Finish offers to save the summary through the same form action as "Log a walk".
 */
export function WalkPanel({
  walk,
  trail,
  trails,
  benches,
}: {
  walk: TrailWalk<PanelBench>;
  trail: { id: string; name: string };
  trails: TrailChoice[];
  benches: PanelBench[];
}) {
  const walkTrail = walk.walk ? trails.find((candidate) => candidate.id === walk.walk!.trailId) : undefined;
  return (
    <section aria-labelledby="walk-heading" className="card mt-4 space-y-3 p-4" data-walk-panel>
      <h2 id="walk-heading" className="text-xl font-semibold">
        Walk with the map
      </h2>
      {!walk.walk ? (
        <>
          <p>See where you are on the {trail.name}, how far you have walked, what is left and the next bench ahead.</p>
          <WalkPrivacyNote id="walk-privacy-start" />
          <ProblemMessage problem={walk.problem} />
          <button type="button" className="btn-primary" onClick={walk.start} aria-describedby="walk-privacy-start">
            Start walk
          </button>
        </>
      ) : walk.walk.trailId !== trail.id ? (
        <>
          <p>You have a walk in progress on the {walkTrail?.name ?? "another trail"}.</p>
          <div className="flex flex-wrap gap-3">
            {walkTrail ? (
              <Link to={`?trail=${walkTrail.param}`} className="btn-primary" preventScrollReset>
                Show the {walkTrail.name}
              </Link>
            ) : null}
            <button type="button" className="btn-secondary" onClick={walk.end}>
              Discard that walk
            </button>
          </div>
        </>
      ) : walk.finishing ? (
        <FinishForm walk={walk} trail={trail} />
      ) : (
        <WalkInProgress walk={walk} trail={trail} benches={benches} />
      )}
    </section>
  );
}

function ProblemMessage({ problem }: { problem: TrailWalk<PanelBench>["problem"] }) {
  if (!problem) return null;
  return (
    <p
      role="alert"
      className="rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
    >
      {problem === "denied"
        ? "Location is not allowed for this site, so the map cannot follow you. Allow it in your browser's settings, or log your walk with the form instead."
        : "This browser cannot tell the map where you are. You can still log your walk with the form."}
    </p>
  );
}

function statusText(walk: TrailWalk<PanelBench>, trailName: string) {
  const state = walk.walk!;
  const view = walk.view;
  if (state.signal === "lost") return "GPS signal lost. Your walk goes on; waiting for your position.";
  if (state.signal === "waiting" || !state.last) return "Waiting for your position…";
  const weak = state.signal === "weak" ? " The GPS signal is weak right now." : "";
  if (view && !view.onTrail) {
    return `Off the trail: ${Math.round(view.offTrailMetres ?? 0)} m from the nearest point of the ${trailName}.${weak}`;
  }
  const bench = view?.nextBench ? ` Next bench ahead: Bench ${view.nextBench.bench.benchNumber}.` : "";
  return `On the ${trailName}.${bench}${weak}`;
}

function WalkInProgress({
  walk,
  trail,
  benches,
}: {
  walk: TrailWalk<PanelBench>;
  trail: { name: string };
  benches: PanelBench[];
}) {
  const view = walk.view;
  const next = view?.nextBench ? benches.find((bench) => bench.id === view.nextBench!.bench.id) : undefined;
  return (
    <>
      <p role="status" aria-live="polite" className="font-medium" data-walk="status">
        {statusText(walk, trail.name)}
      </p>
      <ProblemMessage problem={walk.problem} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium text-stone-700">Walked</dt>
        <dd data-walk="walked">{distance(view?.walkedMetres ?? 0)}</dd>
        <dt className="font-medium text-stone-700">Left</dt>
        <dd data-walk="left">
          {distance(view?.leftMetres ?? 0)}, about {formatWalkingTime((view?.leftSeconds ?? 0) / 60)} at{" "}
          {WALKING_PACE_MPH} mph
        </dd>
        <dt className="font-medium text-stone-700">Next bench</dt>
        <dd data-walk="next-bench">
          {view?.nextBench && next ? (
            <>
              <span className="font-semibold">Bench {next.benchNumber}</span>, {Math.round(view.nextBench.metresAhead)}{" "}
              m ahead: {next.location}
              <BenchVideoLinks videos={next.videos} />
            </>
          ) : view && !view.onTrail ? (
            `Back within ${ON_TRAIL_METRES} m of the trail to see it.`
          ) : (
            "None ahead."
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={walk.recentre} aria-pressed={walk.following}>
          Recentre map
        </button>
        <button type="button" className="btn-primary" onClick={walk.finish} aria-describedby="walk-privacy-finish">
          Finish walk
        </button>
      </div>
      <WalkPrivacyNote id="walk-privacy-finish" />
    </>
  );
}

function FinishForm({ walk, trail }: { walk: TrailWalk<PanelBench>; trail: { id: string; name: string } }) {
  const [offline, setOffline] = useState(false);
  const state = walk.walk!;
  const [endedAt] = useState(() => Date.now());
  const minutes = Math.min(MAX_WALK_MINUTES, Math.max(0.01, (endedAt - state.startedAt) / 60_000));
  const miles = state.walkedMetres / METRES_PER_MILE;
  const enough = miles >= 0.01;
  const onSubmit = (event: FormEvent) => {
    // Offline the summary cannot reach us: the walk stays on this device until it can.
    if (!navigator.onLine) {
      event.preventDefault();
      setOffline(true);
      return;
    }
    walk.end();
  };
  return (
    <>
      <h3 className="text-lg font-semibold">Save this walk?</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-walk="summary">
        <dt className="font-medium text-stone-700">Trail</dt>
        <dd>{trail.name}</dd>
        <dt className="font-medium text-stone-700">Date</dt>
        <dd>{formatDay(localDay(state.startedAt))}</dd>
        <dt className="font-medium text-stone-700">Duration</dt>
        <dd>{formatWalkingTime(minutes)}</dd>
        <dt className="font-medium text-stone-700">Distance along the trail</dt>
        <dd>{distance(state.walkedMetres)}</dd>
      </dl>
      <WalkPrivacyNote id="walk-privacy-save" />
      {offline ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          You are offline. Your walk is kept on this device; save it when you are connected again.
        </p>
      ) : null}
      {!enough ? <p>There is no distance along the trail to save yet.</p> : null}
      <div className="flex flex-wrap gap-3">
        {enough ? (
          <Form method="post" action={LOG_PAGE} onSubmit={onSubmit}>
            <input type="hidden" name="intent" value="log" />
            <input type="hidden" name="trailId" value={trail.id} />
            <input type="hidden" name="date" value={localDay(state.startedAt)} />
            <input type="hidden" name="durationMinutes" value={minutes.toFixed(2)} />
            <input type="hidden" name="distanceMiles" value={miles.toFixed(3)} />
            <button type="submit" className="btn-primary" aria-describedby="walk-privacy-save">
              Save walk
            </button>
          </Form>
        ) : null}
        <button type="button" className="btn-secondary" onClick={walk.keepWalking}>
          Keep walking
        </button>
        <button type="button" className="btn-danger" onClick={walk.end}>
          Discard walk
        </button>
      </div>
    </>
  );
}
