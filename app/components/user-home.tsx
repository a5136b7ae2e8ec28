import { Link } from "@remix-run/react";
import { TopicIcon } from "~/components/topic-icon";
import type { Topic } from "~/lib/video-topics";
import { VIDEO_TOPICS } from "~/lib/video-topics";

type Section = { title: string; to: string; icon: Topic; text: string; action: string };

const sections: Section[] = [
  {
    title: "Trails",
    to: "/trails",
    icon: "trails",
    text: "Pick the gold, green or gray trail on the campus map and find the benches along it, each with short exercise videos.",
    action: "Open the trail map",
  },
  ...VIDEO_TOPICS.map((topic) => ({
    title: topic.title,
    to: topic.path,
    icon: topic.icon,
    text: topic.summary,
    action: `Watch ${topic.title} videos`,
  })),
];

/** The signed-in home: one section per area, each linking to it. A new account is greeted, not welcomed back. */
export function UserHomePage({ username, newAccount }: { username: string; newAccount: boolean }) {
  return (
    <div className="page">
      <h1 className="page-title">{`${newAccount ? "Welcome" : "Welcome back"}, ${username}`}</h1>
      <p className="mt-3 max-w-3xl text-lg text-stone-700">
        Choose a trail for today's walk, or learn a few moves, stretches and habits that make walking safer and more
        rewarding.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <li key={section.to}>
            <section aria-labelledby={`home-${section.icon}`} className="card flex h-full flex-col p-6">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <TopicIcon topic={section.icon} className="h-10 w-10" />
              </span>
              <h2 id={`home-${section.icon}`} className="mt-4 text-xl font-semibold text-stone-900">
                {section.title}
              </h2>
              <p className="mt-2 flex-1 text-stone-700">{section.text}</p>
              <Link to={section.to} className="btn-primary mt-5 self-start" prefetch="intent">
                {section.action}
              </Link>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
