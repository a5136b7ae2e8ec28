import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TopicIcon } from "~/components/topic-icon";
import type { Topic } from "~/lib/video-topics";
import { getOptionalUser } from "~/http/auth.server";
import { exerciseLinks } from "~/lib/navigation";
import { withoutScripts } from "~/lib/page-scripts";

export const handle = withoutScripts;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return { user: user ? { username: user.username, role: user.role } : null };
}

export const meta: MetaFunction = () => [
  { title: "Walking Trails: campus trails and wellness videos" },
  {
    name: "description",
    content: "Find campus walking trails, benches with exercise videos, and guidance on movement, nutrition and injury prevention.",
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

function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Walking Trails</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            Explore three marked trails across campus, stop at benches with short exercise videos, and learn
            evidence-based habits for moving, eating and recovering well. Built by students in exercise science
            and information technology, for the whole college community.
          </p>
          <Link
            to="/authorization"
            className="btn mt-8 bg-gold-400 px-6 text-base text-brand-900 hover:bg-gold-500"
          >
            Sign In
          </Link>
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
                aria-label={`Sign in to see ${feature.title}`}
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

/** '/' for a signed-in person (SPEC §2): a greeting by username with the places they go most. */
function WelcomeBack({ username, role }: { username: string; role: string }) {
  const links = [
    { label: "Your home page", to: "/userHome" },
    { label: "Trails", to: "/trails" },
    ...exerciseLinks,
    { label: "My Profile", to: "/userControlPanel" },
    ...(role === "Admin" ? [{ label: "Admin Dashboard", to: "/adminHome" }] : []),
  ];
  return (
    <div className="page">
      <h1 className="page-title">Welcome back, {username}!</h1>
      <p className="mt-3 text-lg text-stone-700">Where would you like to go today?</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="card block p-4 font-semibold text-brand-700 hover:bg-brand-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Index() {
  const { user } = useLoaderData<typeof loader>();
  return user ? <WelcomeBack username={user.username} role={user.role} /> : <LandingPage />;
}
