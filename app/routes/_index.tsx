import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TopicIcon } from "~/components/topic-icon";
import { counted } from "~/lib/counted";
import type { Topic } from "~/lib/video-topics";
import { getOptionalUser, homePathFor } from "~/http/auth.server";
import { landingTrails, type LandingTrails } from "~/models/trail-preview.server";
import { withoutScripts } from "~/lib/page-scripts";
import { publicPage } from "~/lib/public-page";
import { pageTitle } from "~/lib/page-title";

export const handle = { ...withoutScripts, ...publicPage };

/** A signed-in person has a home of their own; / is the visitors' page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser({ request, context });
  const home = user ? homePathFor(user.role) : "/";
  if (home !== "/") throw redirect(home);
  return json(await landingTrails());
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Campus trails and wellness videos") },
  {
    name: "description",
    content:
      "Find campus walking trails, benches with exercise videos, and guidance on movement, nutrition and injury prevention.",
  },
];

const features: { title: string; topic: Topic; text: string }[] = [
  {
    title: "Body Weight Exercises",
    topic: "bodyWeight",
    text: "Squats, lunges, push-ups and more you can do at any trail bench, with no equipment.",
  },
  {
    title: "Proper Walking Techniques",
    topic: "walking",
    text: "Posture, stride and arm swing that make every walk easier on your joints.",
  },
  {
    title: "Stretches For Walking",
    topic: "stretches",
    text: "Warm-up and cool-down stretches that keep calves, hips and hamstrings loose.",
  },
  {
    title: "Nutrition and Hydration",
    topic: "nutrition",
    text: "What to eat and drink before and after activity, in plain and practical terms.",
  },
  {
    title: "Injury Prevention",
    topic: "injury",
    text: "Recognise early warning signs and build habits that keep you moving safely.",
  },
];

/** What the campus has, in the hero's first words: "Explore three marked trails across campus, stop at …". */
function offer({ trails, benchCount }: LandingTrails) {
  const learn = "learn evidence-based habits for moving, eating and recovering well.";
  const trailPart =
    trails.length > 0 ? `Explore ${counted(trails.length, ["marked trail", "marked trails"])} across campus, ` : "";
  const benchPart = benchCount > 0 ? "stop at benches with short exercise videos, and " : "";
  const first = `${trailPart}${benchPart}${learn}`;
  return trailPart || benchPart ? first : `Watch short exercise videos and ${learn}`;
}

function LandingPage({ landing }: { landing: LandingTrails }) {
  const { trails, preview } = landing;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white" aria-labelledby="hero-heading">
        <div
          className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:gap-12"
          data-hero
        >
          <div>
            <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
              Walking Trails
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-brand-50">
              {offer(landing).replace(/^./, (letter) => letter.toUpperCase())} Built by students in exercise science and
              information technology, for the whole college community.
            </p>
            <Link to="/authorization" className="btn mt-8 bg-gold-400 px-6 text-base text-brand-900 hover:bg-gold-500">
              Sign In
            </Link>
            {trails.length > 0 ? (
              <p className="mt-4 text-brand-50">
                Know before you go, no account needed:{" "}
                {trails.map((trail, index) => (
                  <span key={trail.slug}>
                    {index > 0 ? ", " : null}
                    <Link to={`/trails/${trail.slug}`} className="font-semibold underline">
                      {trail.name}
                    </Link>
                  </span>
                ))}
              </p>
            ) : null}
          </div>
          {/* Its size in the tag, so the page keeps its place before the picture loads. */}
          {preview ? (
            <img
              src={preview.src}
              width={preview.width}
              height={preview.height}
              alt={preview.alt}
              className="h-auto w-full rounded-xl bg-white shadow-lg ring-1 ring-black/10"
            />
          ) : null}
        </div>
      </section>
      <section className="page" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold text-stone-900">
          What you'll find
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="card flex flex-col p-6">
              <TopicIcon topic={feature.topic} className="h-12 w-12 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-stone-900">{feature.title}</h3>
              <p className="mt-2 flex-1 text-stone-700">{feature.text}</p>
              <Link
                to="/authorization"
                className="btn-secondary mt-4 self-start"
                aria-label={`Get started with ${feature.title}`}
              >
                Get started
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function Index() {
  return <LandingPage landing={useLoaderData<typeof loader>()} />;
}
