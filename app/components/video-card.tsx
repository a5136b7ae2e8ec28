import type { ReactNode } from "react";
import { CategoryBadge } from "~/components/category-badge";
import { VideoPlayer } from "~/components/video-player";
import { VideoReactions } from "~/components/video-reactions";
import { Slot, type MarkupCache } from "~/lib/shared-markup";
import { libraryCardPath, videoAnchor } from "~/lib/video-addresses";
import type { VideoCardData } from "~/schemas/video";

// One formatter for every count: toLocaleString("en-US") sets one up per call, three per card per request.
const counts = new Intl.NumberFormat("en-US");

export function formatCount(count: number, singular: string, plural = `${singular}s`) {
  return `${counts.format(count)} ${count === 1 ? singular : plural}`;
}

/** A refused play or reaction, where the person lands: in the card, above its reactions. */
export function VideoFormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="field-error">
      {error}
    </p>
  );
}

type CardProps = {
  video: VideoCardData;
  headingLevel: 2 | 3;
  /** The library page the card is on. */
  pagePath: string;
};

/**
 * What a card shows that is the same for everyone (decision 065): the article, its preview or player,
 * title, category and description, with `views` and `live` (what differs per person) in their places.
 * The server renders it once per catalogue version with slots in those places (`videoCardTemplate`).
 */
function VideoCardLayout({
  video,
  headingLevel,
  player,
  views,
  live,
}: Omit<CardProps, "pagePath"> & { player: ReactNode; views: ReactNode; live: ReactNode }) {
  const Heading = `h${headingLevel}` as const;
  const anchor = videoAnchor(video.id);
  const headingId = `${anchor}-title`;
  return (
    <article id={anchor} aria-labelledby={headingId} className="card flex h-full scroll-mt-24 flex-col overflow-hidden">
      {player}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading id={headingId} className="text-lg leading-snug font-semibold text-stone-900">
            {video.title}
          </Heading>
          <CategoryBadge category={video.category} />
        </div>
        {views}
        {video.description ? <p className="flex-1 text-stone-700">{video.description}</p> : <div className="flex-1" />}
        {live}
      </div>
    </article>
  );
}

function CardPlayer({ video, pagePath, playing }: Omit<CardProps, "headingLevel"> & { playing: boolean }) {
  return (
    <VideoPlayer
      key={String(playing)}
      title={video.title}
      player={video.player}
      thumbnail={video.thumbnail}
      topic={video.topic}
      playForm={{ action: libraryCardPath(pagePath, video.id), fields: { videoId: video.id } }}
      startPlaying={playing}
    />
  );
}

function ViewCount({ views }: { views: number }) {
  return <p className="text-sm text-stone-600">{formatCount(views, "view")}</p>;
}

/** A card's per-person part below its description: a refusal of its last form, and the reactions. */
function CardLive({
  video,
  pagePath,
  playing,
  error,
}: Omit<CardProps, "headingLevel"> & { playing: boolean; error: string | null }) {
  return (
    <>
      <VideoFormError error={error} />
      <VideoReactions
        videoId={video.id}
        likes={video.likes}
        dislikes={video.dislikes}
        myReaction={video.myReaction}
        returnTo={libraryCardPath(pagePath, video.id, playing)}
        nameVideo
      />
    </>
  );
}

/**
 * One video of a library: a light preview, title, category, views, reactions and description. Its forms
 * post to the page it is on and come back to this card (its anchor), with the player shown after play.
 */
export function VideoCard({
  video,
  headingLevel,
  pagePath,
  playing,
  error,
}: CardProps & {
  /** Whether play's redirect landed here: the player is shown, autoplaying where the host allows. */
  playing: boolean;
  /** A refusal of this card's last form, to show beside it. */
  error: string | null;
}) {
  return (
    <VideoCardLayout
      video={video}
      headingLevel={headingLevel}
      player={<CardPlayer video={video} pagePath={pagePath} playing={playing} />}
      views={<ViewCount views={video.views} />}
      live={<CardLive video={video} pagePath={pagePath} playing={playing} error={error} />}
    />
  );
}

/**
 * The server's card, not playing, as static HTML around two slots (views, then the live part), from the
 * markup cache. Its key is everything the template is made of — the page, the heading level and the
 * video's catalogue fields (title, description, category, still, player) — so an admin's edit, which
 * moves the catalogue version and reloads those fields, renders a new template on the next request.
 */
export function videoCardTemplate(cache: MarkupCache, { video, headingLevel, pagePath }: CardProps) {
  const { views: _views, likes: _likes, dislikes: _dislikes, myReaction: _myReaction, ...shared } = video;
  return cache.template(`video-card ${pagePath} ${video.id}`, JSON.stringify([headingLevel, shared]), () => (
    <VideoCardLayout
      video={video}
      headingLevel={headingLevel}
      player={<CardPlayer video={video} pagePath={pagePath} playing={false} />}
      views={<Slot />}
      live={<Slot />}
    />
  ));
}

/** What fills a template's two slots for this person (see videoCardTemplate). */
export function videoCardLiveParts({
  video,
  pagePath,
  error,
}: Omit<CardProps, "headingLevel"> & { error: string | null }) {
  return [
    <ViewCount key="views" views={video.views} />,
    <CardLive key="live" video={video} pagePath={pagePath} playing={false} error={error} />,
  ];
}
