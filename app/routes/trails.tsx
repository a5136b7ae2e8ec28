import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { BenchVideoLinks } from "~/components/bench-video-links";
import { NoticeBanner, NoticeMark } from "~/components/notice-banner";
import { TrailChoice } from "~/components/trail-choice";
import {
  BenchSwitch,
  HideWithoutScripts,
  MapViewLink,
  trailHref,
  WalkInvitation,
} from "~/components/trail-map-controls";
import { PageLink } from "~/components/page-link";
import { ReportLink } from "~/components/report-link";
import { TrailMap } from "~/components/trail-map";
import { benchAnchor } from "~/components/trail-map-svg";
import { WalkPanel } from "~/components/walk-panel";
import { getTrailBySlug, trailSlug } from "~/models/trail.server";
import { trailMapPage } from "~/models/trail-map.server";
import { dataVersionsOf, getOptionalUser, requireUser } from "~/http/auth.server";
import { campusOf } from "~/http/campus.server";
import { trailMapView, type TrailMapView } from "~/http/trail-map-view.server";
import { scriptsWhen } from "~/lib/page-scripts";
import { env } from "~/utils/env.server";
import { DEFAULT_TRAIL_COLOR, formatWalkingTime, roundSteps, STEPS_PER_MILE, WALKING_PACE_MPH } from "~/lib/geo";
import { useHydrated } from "~/lib/use-hydrated";
import { useRevalidateAt } from "~/lib/use-revalidate-at";
import { useMarkupCache } from "~/lib/shared-markup";
import { decodePath } from "~/lib/encoded-path";
import { useTrailWalk } from "~/lib/use-trail-walk";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Trail Map") }];

/**
 * The server-drawn map, the list and every link and form work without JavaScript, so /trails ships
 * scripts only once the person asks for the interactive map (remembered) or a walk (decision 067).
 */
const shipsScripts = ({ view, walking }: { view: TrailMapView; walking: boolean }) => view === "interactive" || walking;
export const handle = scriptsWhen(shipsScripts);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // An old link to a trail (/trails?trail=gold, in a newsletter or on a poster) opens that trail's public
  // page for a visitor instead of a sign-in form; the map itself stays for signed-in people.
  const linked = params.get("trail")?.toLowerCase();
  // One lookup of the session, made with the root loader's in the same batch.
  if (!(await getOptionalUser({ request, context }))) {
    const trail = linked ? await getTrailBySlug(linked, await dataVersionsOf({ request, context })) : null;
    if (trail) throw redirect(`/trails/${trailSlug(trail)}`);
    await requireUser({ request, context });
  }
  const { view, setCookie } = await trailMapView(request);
  const [map, campus] = await Promise.all([
    trailMapPage(linked, await dataVersionsOf({ request, context })),
    campusOf({ request, context }),
  ]);
  const page = {
    ...map,
    // The stored markup shows times on the campus clock: a new clock is new markup.
    contentKey: `${map.contentKey} ${campus.timeZone}`,
    timeZone: campus.timeZone,
    showBenches: params.get("benches") === "1",
    tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    view,
    // "Start walk" on the page without scripts: the answer brings the walk companion and starts it.
    walking: params.get("walk") === "1",
  };
  return data(page, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

type TrailsPage = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Trails() {
  const page = useLoaderData<typeof loader>();
  // A notice that starts or ends while the page is open comes or goes then.
  useRevalidateAt(page.nextChangeAt);
  const markup = useMarkupCache();
  // Without scripts the page is the same for everyone who asks for this trail this way, until the data or
  // a notice changes: the server renders it once and reuses the HTML (decision 061). It is React's own
  // output of the same components, from stored data, so it is as escaped as any render.
  if (markup && !shipsScripts(page)) {
    const name = `trails ${page.trail?.id ?? "none"}${page.showBenches ? " with benches" : ""}`;
    const html = markup.template(name, page.contentKey, () => <TrailsContent {...page} />).join("");
    return <div className="page" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className="page">
      <TrailsContent {...page} />
    </div>
  );
}

function TrailsContent({
  trails,
  trail,
  facts,
  notices,
  benches,
  showBenches,
  tiles,
  view,
  walking,
  timeZone,
}: TrailsPage) {
  const selectedParam = trails.find((candidate) => candidate.id === trail?.id)?.param ?? DEFAULT_TRAIL_COLOR;
  // A document with scripts carries the points in its data, so its drawing takes the line from its own
  // file rather than write them a second time (decision 061). A stable object, so the map redraws the
  // trail only when the loader sends a new one.
  const scripted = shipsScripts({ view, walking });
  const drawnTrail = useMemo(
    () => (trail ? { ...trail, coordinates: decodePath(trail.path), line: scripted ? trail.line : null } : null),
    [trail, scripted],
  );
  const drawnTrails = useMemo(() => (drawnTrail ? [drawnTrail] : []), [drawnTrail]);
  const trailName = (id: string | null) => trails.find((candidate) => candidate.id === id)?.name;
  const hydrated = useHydrated();
  const walk = useTrailWalk(drawnTrail, benches, { startOnOpen: walking });
  const closed = trail?.notice?.kind === "closed" ? " (closed)" : "";
  const label = trail
    ? `Map of the ${trail.name}${closed}${showBenches ? ` with ${benches.length} bench markers` : ""}`
    : "Campus trail map";

  return (
    <>
      <HideWithoutScripts />
      <h1 className="page-title mb-6">Trail Map</h1>
      <NoticeBanner notices={notices} timeZone={timeZone} />

      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <TrailChoice
          trails={trails}
          selectedId={trail?.id ?? null}
          showBenches={showBenches}
          hrefFor={(param) => trailHref(param, showBenches)}
        />
        <div className="flex flex-wrap gap-2">
          <MapViewLink trail={selectedParam} showBenches={showBenches} view={view} />
          <BenchSwitch trail={selectedParam} showBenches={showBenches} />
        </div>
      </div>

      {trail ? (
        <>
          <TrailMap
            trails={drawnTrails}
            benches={benches}
            showBenches={showBenches}
            label={label}
            svgId="trail-map"
            tiles={tiles}
            // A walk shows the walker on the interactive map, so starting one (or one going on) brings it too.
            interactive={view === "interactive" || walking || walk.walk !== null}
            walker={walk.marker}
            followWalker={walk.following}
            onUserPan={walk.stopFollowing}
          />
          {/* Walking with the map needs the browser's location, so it appears only once scripts run. */}
          {hydrated ? (
            <WalkPanel walk={walk} trail={trail} trails={trails} benches={benches} />
          ) : (
            <WalkInvitation
              trailName={trail.name}
              href={trailHref(selectedParam, showBenches, { walk: "1" })}
              walking={walking}
            />
          )}
        </>
      ) : (
        <p className="card p-6">No trails have been mapped yet.</p>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        {trail && facts ? (
          <section aria-labelledby="trail-facts-heading">
            <h2 id="trail-facts-heading" className="mb-3 text-2xl font-semibold">
              {trail.name}
            </h2>
            <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4">
              <dt className="font-medium text-stone-700">Length</dt>
              <dd>
                {facts.miles.toFixed(2)} mi ({facts.kilometres.toFixed(2)} km)
              </dd>
              <dt className="font-medium text-stone-700">Walking time</dt>
              <dd>
                about {formatWalkingTime(facts.walkingMinutes)} at {WALKING_PACE_MPH} mph
              </dd>
              <dt className="font-medium text-stone-700">Steps</dt>
              <dd>
                about {roundSteps(facts.steps).toLocaleString("en-US")} (at {STEPS_PER_MILE.toLocaleString("en-US")}{" "}
                steps per mile)
              </dd>
            </dl>
            {/* Every trail's public page, not only the chosen one's: the page to share or print for any of them. */}
            <ul className="mt-2" aria-label="Trail pages">
              {trails.map((candidate) => (
                <li key={candidate.id}>
                  <PageLink
                    to={`/trails/${candidate.param}`}
                    className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
                  >
                    Directions and details for the {candidate.name}
                  </PageLink>
                </li>
              ))}
            </ul>
            <p className="mt-3">
              <PageLink
                to={`/userControlPanel/walks?trail=${trail.id}#log-walk`}
                className="btn-link inline-flex min-h-11 items-center"
              >
                Log a walk on this trail
              </PageLink>
            </p>
          </section>
        ) : null}

        <section aria-labelledby="benches-heading">
          <h2 id="benches-heading" className="mb-3 text-2xl font-semibold">
            Benches
          </h2>
          {benches.length === 0 ? (
            <p>No benches have been placed yet.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Benches with videos">
              {benches.map((bench) => (
                <li
                  key={bench.id}
                  id={benchAnchor(bench.id)}
                  className="card scroll-mt-4 p-4 target:ring-2 target:ring-brand-700"
                  data-bench-number={bench.benchNumber}
                >
                  <h3 className="font-semibold">Bench {bench.benchNumber}</h3>
                  <p className="text-stone-700">{bench.location}</p>
                  {bench.notice ? <NoticeMark notice={bench.notice} /> : null}
                  {bench.trailId && trailName(bench.trailId) ? (
                    <p className="text-sm text-stone-600">On the {trailName(bench.trailId)}</p>
                  ) : null}
                  <BenchVideoLinks videos={bench.videos} />
                  <ReportLink bench={bench} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
