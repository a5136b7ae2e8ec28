import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TopicIcon } from "~/components/topic-icon";
import type { ComponentProps } from "react";
import { VideoCard, videoCardLiveParts, videoCardTemplate } from "~/components/video-card";
import { fillSlots, useMarkupCache, type MarkupCache } from "~/lib/shared-markup";
import { getVideoTopic, type VideoTopic, type VideoTopicSlug } from "~/lib/video-topics";
import type { VideoCardData, VideoFormRefusal, VideoLibraryData } from "~/schemas/video";
import { pageTitle } from "~/lib/page-title";
import { withoutScripts } from "~/lib/page-scripts";

/** Which card is playing and which card's form was refused: the state a redirect or a refusal brings back. */
type CardStates = { playing: string | null; refusal: VideoFormRefusal | null };
const noneShown: CardStates = { playing: null, refusal: null };

/** A grid of video cards, or a sentence saying there are none (an empty topic never shows nothing). */
function VideoList({
  videos,
  headingLevel,
  label,
  emptyText,
  pagePath,
  states,
}: {
  videos: VideoCardData[];
  headingLevel: 2 | 3;
  label: string;
  emptyText: string;
  pagePath: string;
  states: CardStates;
}) {
  const cache = useMarkupCache();
  if (videos.length === 0) {
    return <p className="card p-6 text-stone-700">{emptyText}</p>;
  }
  const cardOf = (video: VideoCardData) => ({
    video,
    headingLevel,
    pagePath,
    playing: states.playing === video.id,
    error: states.refusal?.videoId === video.id ? states.refusal.error : null,
  });
  const className = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";
  if (cache) {
    // Safe to insert: every piece is React's own escaped output (shared-markup.tsx), from stored data.
    return (
      <ul
        aria-label={label}
        className={className}
        dangerouslySetInnerHTML={{ __html: cardsMarkup(cache, videos.map(cardOf)) }}
      />
    );
  }
  return (
    <ul aria-label={label} className={className}>
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard {...cardOf(video)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The list's cards as HTML, on the server: each card's shared part from the markup cache, and what differs
 * per person (views, reactions, a refusal; the whole of a playing card) rendered now, in one pass for the list.
 */
function cardsMarkup(cache: MarkupCache, cards: ComponentProps<typeof VideoCard>[]) {
  const wholeCard = ["", ""];
  const templates = cards.map((card) => (card.playing ? wholeCard : videoCardTemplate(cache, card)));
  const parts = cache.renderEach(
    cards.flatMap((card) => (card.playing ? [<VideoCard key={card.video.id} {...card} />] : videoCardLiveParts(card))),
  );
  let next = 0;
  return templates
    .map((segments) => {
      const mine = parts.slice(next, next + segments.length - 1);
      next += mine.length;
      return `<li>${fillSlots(segments, mine)}</li>`;
    })
    .join("");
}

/** The page of one topic; topics with several subCategories get a section per subCategory, in order. */
export function VideoLibraryPage({
  topic,
  videos,
  states = noneShown,
}: {
  topic: VideoTopic;
  videos: VideoCardData[];
  states?: CardStates;
}) {
  const grouped = topic.subCategories.length > 1;
  // A refusal that belongs to no card shown (the video was deleted meanwhile) goes above the list.
  const pageError =
    states.refusal && !videos.some((video) => video.id === states.refusal?.videoId) ? states.refusal.error : null;
  return (
    <div className="page">
      <header className="mb-8 flex items-start gap-4">
        <TopicIcon topic={topic.icon} className="h-12 w-12 shrink-0 text-brand-700" />
        <div>
          <h1 className="page-title">{topic.title}</h1>
          <p className="mt-2 max-w-3xl text-stone-700">{topic.summary}</p>
        </div>
      </header>
      {pageError ? (
        <p role="alert" className="field-error mb-6">
          {pageError}
        </p>
      ) : null}
      {grouped ? (
        topic.subCategories.map((subCategory) => {
          const id = `section-${subCategory.toLowerCase().replace(/\W+/g, "-")}`;
          return (
            <section key={subCategory} aria-labelledby={id} className="mb-10">
              <h2 id={id} className="mb-4 text-2xl font-bold text-stone-900">
                {subCategory}
              </h2>
              <VideoList
                videos={videos.filter((video) => video.subCategory === subCategory)}
                headingLevel={3}
                label={`${subCategory} videos`}
                emptyText={`There are no ${subCategory.toLowerCase()} videos yet. Please check back soon.`}
                pagePath={topic.path}
                states={states}
              />
            </section>
          );
        })
      ) : (
        <VideoList
          videos={videos}
          headingLevel={2}
          label={`${topic.title} videos`}
          emptyText="There are no videos in this topic yet. Please check back soon."
          pagePath={topic.path}
          states={states}
        />
      )}
    </div>
  );
}

/** The default export of each of the five video routes. */
export function VideoLibraryRoute() {
  const { slug, videos, playing } = useLoaderData<VideoLibraryData>();
  const refusal = useActionData<VideoFormRefusal>() ?? null;
  return <VideoLibraryPage topic={getVideoTopic(slug)} videos={videos} states={{ playing, refusal }} />;
}

/**
 * A topic page's title and description, and its handle: play and reactions are plain forms that come back
 * to the card, so the page needs no JavaScript.
 */
export function videoLibraryPage(slug: VideoTopicSlug): { meta: MetaFunction; handle: typeof withoutScripts } {
  const topic = getVideoTopic(slug);
  return {
    meta: ({ matches }) => [
      { title: pageTitle(matches, topic.title) },
      { name: "description", content: topic.summary },
    ],
    handle: withoutScripts,
  };
}
