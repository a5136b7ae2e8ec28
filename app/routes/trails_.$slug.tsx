import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FactList } from "~/components/fact-list";
import { NoticeBanner, NoticeMark } from "~/components/notice-banner";
import { ReportProblem } from "~/components/report-problem";
import { TrailMapSvg } from "~/components/trail-map-svg";
import { benchPhrase, trailFactRows } from "~/lib/facts";
import { formatWalkingTime, trailFacts, WALKING_PACE_MPH } from "~/lib/geo";
import { scriptsWhileANoticeIsDue } from "~/lib/page-scripts";
import { publicPage } from "~/lib/public-page";
import { trailDirections } from "~/lib/trail-guide";
import { useRevalidateAt } from "~/lib/use-revalidate-at";
import { noticesForWalkers } from "~/models/notice-view.server";
import { dataVersionsOf, requireUser } from "~/http/auth.server";
import { pageValidUntil } from "~/http/page-cache-store.server";
import { passRetryAfter } from "~/http/rate-limit.server";
import { sendReportForm } from "~/http/report-form.server";
import { listBenches } from "~/models/bench.server";
import { getTrailBySlug, trailSlug } from "~/models/trail.server";
import { pageTitle } from "~/lib/page-title";
import { useCampusTimeZone } from "~/lib/use-campus-time-zone";

// "Know before you go": a public page per trail (/trails/gold, /trails/gray, /trails/green). Public on
// purpose: a QR code on a bench or a newsletter link must open for anyone, with or without scripts.
// The same for every visitor: rendered once per edit of the trails, benches or videos (decision 062).
// No script unless a notice here is due to start or end, which the open page must follow (decision 064).
export const handle = { ...scriptsWhileANoticeIsDue, ...publicPage };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? data.trail.name : "Trail not found") },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const versions = await dataVersionsOf({ request, context });
  const [trail, benches] = await Promise.all([getTrailBySlug(params.slug ?? "", versions), listBenches(versions)]);
  if (!trail) throw new Response("No such trail", { status: 404 });
  const steps = trailDirections(trail.coordinates, trail.id, benches);
  const benchIds = steps.flatMap((step) => (step.bench ? [step.bench.id] : []));
  // The trail's own notices and its benches', showing now.
  const { notices, benchMarks, trailMarks, nextChangeAt } = await noticesForWalkers({ trailIds: [trail.id], benchIds });
  // A visitor's copy of this page is stored (decision 062) until the next notice starts or ends.
  return data(
    {
      trail: {
        id: trail.id,
        name: trail.name,
        color: trail.color,
        slug: trailSlug(trail),
        coordinates: trail.coordinates,
        notice: trailMarks[trail.id] ?? null,
      },
      notices,
      nextChangeAt,
      facts: trailFacts(trail.coordinates),
      factRows: trailFactRows(trail.facts),
      // Only what the page shows of each bench: the map markers and the directions.
      benches: steps
        .flatMap((step) => (step.bench ? [step.bench] : []))
        .map(({ id, benchNumber, location, latitude, longitude }) => ({
          id,
          benchNumber,
          location,
          latitude,
          longitude,
          videos: [],
          notice: benchMarks[id] ?? null,
        })),
      steps: steps.map(({ bench, metres, feet, minutes, heading }) => ({
        bench: bench
          ? {
              id: bench.id,
              benchNumber: bench.benchNumber,
              location: bench.location,
              phrase: benchPhrase(bench),
              notice: benchMarks[bench.id] ?? null,
            }
          : null,
        metres: Math.round(metres),
        feet,
        minutes,
        heading,
      })),
    },
    { headers: nextChangeAt ? pageValidUntil(new Date(nextChangeAt)) : {} },
  );
}

/** "Report a problem" on this trail: signed-in people only (a visitor is sent to sign in and back). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context });
  const trail = await getTrailBySlug(params.slug ?? "", await dataVersionsOf({ request, context }));
  if (!trail) throw new Response("No such trail", { status: 404 });
  return sendReportForm(request, user, { trailId: trail.id }, `/trails/${trailSlug(trail)}`);
}

// A report refused by its quota carries Retry-After on the page it renders.
export const headers = passRetryAfter;

export default function TrailPage() {
  const { trail, notices, nextChangeAt, facts, factRows, benches, steps } = useLoaderData<typeof loader>();
  const timeZone = useCampusTimeZone();
  const reply = useActionData<typeof action>();
  // A notice that starts or ends while the page is open comes or goes then.
  useRevalidateAt(nextChangeAt);
  return (
    <div className="page trail-guide">
      <h1 className="page-title mb-6">{trail.name}</h1>
      <NoticeBanner notices={notices} here={`/trails/${trail.slug}`} timeZone={timeZone} />
      <FactList
        className="card mb-6 p-4"
        rows={[
          {
            label: "Length",
            value: `${facts.miles.toFixed(2)} mi (${Math.round(facts.metres).toLocaleString("en-US")} m)`,
          },
          {
            label: "Walking time",
            value: `about ${formatWalkingTime(facts.walkingMinutes)} at ${WALKING_PACE_MPH} mph`,
          },
          ...factRows,
          { label: "Benches", value: String(benches.length) },
        ]}
      />
      <div className="mb-6">
        <TrailMapSvg
          trails={[trail]}
          benches={benches}
          showBenches
          label={`Map of the ${trail.name}${trail.notice?.kind === "closed" ? " (closed)" : ""} with ${benches.length} benches`}
        />
      </div>
      <section aria-labelledby="directions-heading">
        <h2 id="directions-heading" className="mb-3 text-2xl font-semibold">
          Directions
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          {steps.map((step, index) => (
            <li key={step.bench?.id ?? "finish"}>
              {index === 0 ? "From the start, head" : "Head"} {step.heading} {step.metres} m (
              {step.feet.toLocaleString("en-US")} ft, {step.minutes} min){" "}
              {step.bench ? (
                <>
                  to{" "}
                  <Link to={`/benches/${step.bench.id}`} className="font-medium text-brand-700 underline">
                    Bench {step.bench.benchNumber}
                  </Link>
                  {step.bench.phrase ? `, ${step.bench.phrase}` : ""} ({step.bench.location})
                  {step.bench.notice ? <NoticeMark notice={step.bench.notice} /> : null}
                </>
              ) : (
                "to the finish"
              )}
              .
            </li>
          ))}
        </ol>
      </section>
      <ul className="mt-6 flex flex-wrap gap-3 print:hidden">
        <li>
          <a href={`/trails/${trail.slug}/download/gpx`} className="btn-secondary" download>
            Download GPX
          </a>
        </li>
        <li>
          <a href={`/trails/${trail.slug}/download/geojson`} className="btn-secondary" download>
            Download GeoJSON
          </a>
        </li>
      </ul>
      <ReportProblem page={`/trails/${trail.slug}`} about={`on the ${trail.name}`} lastResult={reply?.result} />
      <p className="mt-6 print:hidden">
        <Link to="/trails" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          All trails on the map
        </Link>
      </p>
    </div>
  );
}
