import type { ReactNode } from "react";
import type { Topic } from "~/lib/video-topics";

/** A person drawn as a head and one stroke for the body and limbs. */
function figure([cx, cy]: [number, number], body: string) {
  return (
    <>
      <circle cx={cx} cy={cy} r="4" fill="currentColor" />
      <path d={body} fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
    </>
  );
}

const paths: Record<Topic, ReactNode> = {
  trails: (
    <>
      <path
        d="M8 40c6-2 8-10 16-12s12 2 16-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="4 4"
      />
      <path d="M38 8c-4 0-7 3-7 7 0 5 7 12 7 12s7-7 7-12c0-4-3-7-7-7z" fill="currentColor" opacity=".9" />
      <circle cx="38" cy="15" r="2.5" fill="#fff" />
    </>
  ),
  bodyWeight: figure([24, 10], "M24 15v13M24 28l-7 11M24 28l7 11M12 19l12 2 12-2"),
  stretches: figure([16, 10], "M16 15l4 12 12 10M20 27l-9 10M17 17l15-7"),
  walking: figure([26, 8], "M25 13l-4 12 6 6 2 9M21 25l-6 15M24 16l8 5M23 16l-8 6"),
  nutrition: (
    <>
      <path d="M24 14c-8-6-17 0-15 10 2 11 9 17 15 14 6 3 13-3 15-14 2-10-7-16-15-10z" fill="currentColor" />
      <path d="M24 14c0-4 2-7 6-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  injury: (
    <>
      <path d="M24 6l15 6v11c0 10-7 16-15 19-8-3-15-9-15-19V12z" fill="currentColor" />
      <path d="M24 16v14M17 23h14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
};

/** Illustrations drawn inline: they ship with the app, cost no request and scale without blur. */
export function TopicIcon({ topic, className = "h-12 w-12" }: { topic: Topic; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" className={className} aria-hidden="true" focusable="false">
      {paths[topic]}
    </svg>
  );
}

// Each topic's own colours, so cards waiting for their still do not all look alike. Every one is dark
// enough behind white text (the title, the play control) for 4.5:1.
const backdrops: Record<Topic, string> = {
  trails: "from-brand-900 via-brand-800 to-brand-600",
  bodyWeight: "from-orange-950 via-orange-800 to-amber-700",
  stretches: "from-violet-950 via-violet-800 to-fuchsia-700",
  walking: "from-sky-950 via-sky-800 to-cyan-700",
  nutrition: "from-lime-950 via-green-800 to-emerald-700",
  injury: "from-rose-950 via-red-800 to-rose-700",
};

/** The gradient classes of a topic's illustration, for a box that shows it. */
function topicBackdropClass(topic: Topic) {
  return `bg-gradient-to-br ${backdrops[topic]}`;
}

/**
 * What a video shows until its still is stored: its topic's colours and a large drawing of its topic,
 * placed off-centre so the play control stays clear. Decorative: the title says what the video is.
 */
export function TopicIllustration({ topic }: { topic: Topic }) {
  return (
    <span data-topic={topic} className={`absolute inset-0 ${topicBackdropClass(topic)}`} aria-hidden="true">
      <TopicIcon topic={topic} className="absolute right-4 bottom-3 h-2/3 w-auto text-white/25" />
    </span>
  );
}
