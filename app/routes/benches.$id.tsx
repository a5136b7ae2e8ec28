import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BenchVideoLinks } from "~/components/bench-video-links";
import { benchPlaces, feetFor, minutesAtPace } from "~/lib/trail-guide";
import { listBenches } from "~/models/bench.server";
import { listTrailsWithCoordinates } from "~/models/trail.server";

// A public page per bench: what a QR code on the bench opens. Its place on each trail it belongs to
// (the walk companion's 30 m rule, through benchPlaces) is a position fix without GPS.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Bench ${data.bench.benchNumber} | Walking Trails` : "Bench not found | Walking Trails" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const [trails, benches] = await Promise.all([listTrailsWithCoordinates(), listBenches()]);
  const bench = benches.find((candidate) => candidate.id === params.id);
  if (!bench) throw new Response("No such bench", { status: 404 });
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
  const places = benchPlaces(trails, benches, bench.id).map((place) => {
    const trail = trails.find((candidate) => candidate.id === place.trailId)!;
    return {
      trailName: trail.name,
      slug: trail.color.toLowerCase(),
      position: place.position,
      count: place.count,
      previous: neighbour(place.previous),
      next: neighbour(place.next),
    };
  });
  return { bench: { id: bench.id, benchNumber: bench.benchNumber, location: bench.location, videos: bench.videos }, places };
}

export default function BenchPage() {
  const { bench, places } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1 className="page-title mb-2">Bench {bench.benchNumber}</h1>
      <p className="mb-6 text-stone-700">{bench.location}</p>
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
            <dt className="font-medium text-stone-700">Next bench ahead</dt>
            <dd>
              {place.next
                ? `Bench ${place.next.benchNumber}, ${place.next.metres} m (${place.next.feet} ft, ${place.next.minutes} min)`
                : "This is the last bench on the trail"}
            </dd>
            <dt className="font-medium text-stone-700">Next bench back</dt>
            <dd>
              {place.previous
                ? `Bench ${place.previous.benchNumber}, ${place.previous.metres} m (${place.previous.feet} ft, ${place.previous.minutes} min)`
                : "This is the first bench on the trail"}
            </dd>
          </dl>
        </section>
      ))}
      <h2 className="mt-6 mb-3 text-2xl font-semibold">Exercise videos</h2>
      <BenchVideoLinks videos={bench.videos} />
    </div>
  );
}
