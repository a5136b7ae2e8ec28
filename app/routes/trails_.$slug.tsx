import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TrailMapSvg } from "~/components/trail-map-svg";
import { formatWalkingTime, trailFacts, WALKING_PACE_MPH } from "~/lib/geo";
import { trailDirections } from "~/lib/trail-guide";
import { listBenches } from "~/models/bench.server";
import { listTrailsWithCoordinates } from "~/models/trail.server";

// "Know before you go": a public page per trail (/trails/gold, /trails/gray, /trails/green). Public on
// purpose: a QR code on a bench or a newsletter link must open for anyone, with or without scripts.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.trail.name} | Walking Trails` : "Trail not found | Walking Trails" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = (params.slug ?? "").toLowerCase();
  const [trails, benches] = await Promise.all([listTrailsWithCoordinates(), listBenches()]);
  const trail = trails.find((candidate) => candidate.color.toLowerCase() === slug || candidate.id === params.slug);
  if (!trail) throw new Response("No such trail", { status: 404 });
  const steps = trailDirections(trail.coordinates, trail.id, benches);
  return {
    trail: { id: trail.id, name: trail.name, color: trail.color, coordinates: trail.coordinates },
    facts: trailFacts(trail.coordinates),
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
      })),
    steps: steps.map(({ bench, metres, feet, minutes, heading }) => ({
      bench: bench ? { id: bench.id, benchNumber: bench.benchNumber, location: bench.location } : null,
      metres: Math.round(metres),
      feet,
      minutes,
      heading,
    })),
  };
}

export default function TrailPage() {
  const { trail, facts, benches, steps } = useLoaderData<typeof loader>();
  return (
    <div className="page trail-guide">
      <h1 className="page-title mb-6">{trail.name}</h1>
      <dl className="card mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4">
        <dt className="font-medium text-stone-700">Length</dt>
        <dd>
          {facts.miles.toFixed(2)} mi ({Math.round(facts.metres).toLocaleString("en-US")} m)
        </dd>
        <dt className="font-medium text-stone-700">Walking time</dt>
        <dd>
          about {formatWalkingTime(facts.walkingMinutes)} at {WALKING_PACE_MPH} mph
        </dd>
        <dt className="font-medium text-stone-700">Benches</dt>
        <dd>{benches.length}</dd>
      </dl>
      <div className="mb-6">
        <TrailMapSvg trails={[trail]} benches={benches} showBenches label={`Map of the ${trail.name} with ${benches.length} benches`} />
      </div>
      <section aria-labelledby="directions-heading">
        <h2 id="directions-heading" className="mb-3 text-2xl font-semibold">
          Directions
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          {steps.map((step, index) => (
            <li key={step.bench?.id ?? "finish"}>
              {index === 0 ? "From the start, head" : "Head"} {step.heading} {step.metres} m ({step.feet} ft, {step.minutes} min){" "}
              {step.bench ? (
                <>
                  to{" "}
                  <Link to={`/benches/${step.bench.id}`} className="font-medium text-brand-700 underline">
                    Bench {step.bench.benchNumber}
                  </Link>
                  , {step.bench.location}
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
          <a href={`/trails/${trail.color.toLowerCase()}/download/gpx`} className="btn-secondary" download>
            Download GPX
          </a>
        </li>
        <li>
          <a href={`/trails/${trail.color.toLowerCase()}/download/geojson`} className="btn-secondary" download>
            Download GeoJSON
          </a>
        </li>
      </ul>
      <p className="mt-6 print:hidden">
        <Link to="/trails" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          All trails on the map
        </Link>
      </p>
    </div>
  );
}
