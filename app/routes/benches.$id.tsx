import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BenchVideoLinks } from "~/components/bench-video-links";
import { FactList } from "~/components/fact-list";
import { NoticeBanner } from "~/components/notice-banner";
import { ReportProblem } from "~/components/report-problem";
import { benchAnchor } from "~/components/trail-map-svg";
import { pageValidUntil } from "~/http/page-cache-store.server";
import { dataVersionsOf, getOptionalUser, requireUser } from "~/http/auth.server";
import { passRetryAfter } from "~/http/rate-limit.server";
import { sendReportForm } from "~/http/report-form.server";
import { benchFactRows } from "~/lib/facts";
import { scriptsWhileANoticeIsDue } from "~/lib/page-scripts";
import { publicPage } from "~/lib/public-page";
import { feetFor, minutesAtPace } from "~/lib/trail-guide";
import { useRevalidateAt } from "~/lib/use-revalidate-at";
import { noticesForWalkers } from "~/models/notice-view.server";
import { listBenches } from "~/models/bench.server";
import { benchesWithPlaces } from "~/models/trail.server";
import { pageTitle } from "~/lib/page-title";
import { useCampusTimeZone } from "~/lib/use-campus-time-zone";

// A public page per bench: what a QR code on the bench opens. Its place on each trail it belongs to
// (the walk companion's 30 m rule, through benchesWithPlaces) is a position fix without GPS.
// The same for every visitor: rendered once per edit of the trails, benches or videos (decision 062).
// No script unless a notice here is due to start or end, which the open page must follow (decision 064).
export const handle = { ...scriptsWhileANoticeIsDue, ...publicPage };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Bench ${data.bench.benchNumber}` : "Bench not found") },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [all, user] = await Promise.all([
    dataVersionsOf({ request, context }).then(benchesWithPlaces),
    getOptionalUser({ request, context }),
  ]);
  const found = all.find((candidate) => candidate.bench.id === params.id);
  if (!found) throw new Response("No such bench", { status: 404 });
  const { bench } = found;
  const neighbour = (stop: { bench: { benchNumber: number; id: string }; metres: number } | null) =>
    stop
      ? {
          id: stop.bench.id,
          benchNumber: stop.bench.benchNumber,
          metres: Math.round(stop.metres),
          feet: feetFor(stop.metres),
          minutes: minutesAtPace(stop.metres),
        }
      : null;
  const places = found.places.map(({ trailId, trailName, slug, position, count, previous, next }) => ({
    trailId,
    trailName,
    slug,
    position,
    count,
    previous: neighbour(previous),
    next: neighbour(next),
  }));
  // The bench's own notices, and those of the trails it is on: a walker at a bench of a closed trail must know.
  const { notices, nextChangeAt } = await noticesForWalkers({
    benchIds: [bench.id],
    trailIds: places.map((place) => place.trailId),
  });
  // A visitor's copy of this page is stored (decision 062) until the next notice starts or ends.
  return data(
    {
      bench: { id: bench.id, benchNumber: bench.benchNumber, location: bench.location, videos: bench.videos },
      notices,
      nextChangeAt,
      factRows: benchFactRows(bench),
      places,
      signedIn: Boolean(user),
    },
    { headers: nextChangeAt ? pageValidUntil(new Date(nextChangeAt)) : {} },
  );
}

/** "Report a problem" at this bench: signed-in people only (a visitor is sent to sign in and back). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context });
  const bench = (await listBenches(await dataVersionsOf({ request, context }))).find(
    (candidate) => candidate.id === params.id,
  );
  if (!bench) throw new Response("No such bench", { status: 404 });
  return sendReportForm(request, user, { benchId: bench.id }, `/benches/${bench.id}`);
}

// A report refused by its quota carries Retry-After on the page it renders.
export const headers = passRetryAfter;

export default function BenchPage() {
  const { bench, notices, nextChangeAt, factRows, places, signedIn } = useLoaderData<typeof loader>();
  const timeZone = useCampusTimeZone();
  const reply = useActionData<typeof action>();
  // A notice that starts or ends while the page is open comes or goes then.
  useRevalidateAt(nextChangeAt);
  return (
    <div className="page">
      <h1 className="page-title mb-2">Bench {bench.benchNumber}</h1>
      <p className="mb-6 text-stone-700">{bench.location}</p>
      <NoticeBanner notices={notices} here={`/benches/${bench.id}`} timeZone={timeZone} />
      {places.length === 0 ? <p>This bench is not on a marked trail.</p> : null}
      {places.map((place) => (
        <section key={place.slug} className="card mb-4 p-4" aria-label={place.trailName}>
          <p className="text-lg font-semibold">
            You are at Bench {place.position} of {place.count} on the{" "}
            <Link to={`/trails/${place.slug}`} className="font-medium text-brand-700 underline">
              {place.trailName}
            </Link>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <NextBench label="Next bench ahead" bench={place.next} none="This is the last bench on the trail" />
            <NextBench label="Next bench back" bench={place.previous} none="This is the first bench on the trail" />
          </dl>
          {signedIn ? (
            // Scanned on the trail, the bench is a position fix: walk on from it with the map's walk
            // companion (it resumes a walk in progress), or log the walk by hand without scripts.
            <ul className="mt-3 flex flex-wrap gap-3">
              <li>
                <Link to={`/trails?trail=${place.slug}&benches=1#${benchAnchor(bench.id)}`} className="btn-primary">
                  Start or continue a walk on the {place.trailName} from here
                </Link>
              </li>
              <li>
                <Link to={`/userControlPanel/walks?trail=${place.trailId}#log-walk`} className="btn-secondary">
                  Log a walk on the {place.trailName}
                </Link>
              </li>
            </ul>
          ) : null}
        </section>
      ))}
      {places.length > 0 && !signedIn ? (
        <p className="mt-3">
          <Link
            to={`/authorization?formType=signin&redirectTo=${encodeURIComponent(`/benches/${bench.id}`)}`}
            className="btn-link inline-flex min-h-11 items-center"
          >
            Sign in to start a walk from here
          </Link>
        </p>
      ) : null}
      <h2 className="mt-6 mb-3 text-2xl font-semibold">About this bench</h2>
      <FactList className="card p-4" rows={factRows} />
      <h2 className="mt-6 mb-3 text-2xl font-semibold">Exercise videos</h2>
      <BenchVideoLinks videos={bench.videos} />
      <ReportProblem page={`/benches/${bench.id}`} about={`at Bench ${bench.benchNumber}`} lastResult={reply?.result} />
    </div>
  );
}

/** One way along the trail: the bench there, how far and how long, or that there is none. */
function NextBench({
  label,
  bench,
  none,
}: {
  label: string;
  bench: { benchNumber: number; metres: number; feet: number; minutes: number } | null;
  none: string;
}) {
  return (
    <>
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd>
        {bench
          ? `Bench ${bench.benchNumber}, ${bench.metres} m (${bench.feet.toLocaleString("en-US")} ft, ${bench.minutes} min)`
          : none}
      </dd>
    </>
  );
}
