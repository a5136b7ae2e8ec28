import { CategoryBadge } from "~/components/category-badge";
import { VideoPlayer } from "~/components/video-player";
import { VideoReactions } from "~/components/video-reactions";
import { libraryCardPath, videoAnchor } from "~/lib/video-addresses";
import type { VideoCardData } from "~/schemas/video";

export function formatCount(count: number, singular: string, plural = `${singular}s`) {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
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
}: {
  video: VideoCardData;
  headingLevel: 2 | 3;
  /** The library page the card is on. */
  pagePath: string;
  /** Whether play's redirect landed here: the player is shown, autoplaying where the host allows. */
  playing: boolean;
  /** A refusal of this card's last form, to show beside it. */
  error: string | null;
}) {
  const Heading = `h${headingLevel}` as const;
  const anchor = videoAnchor(video.id);
  const headingId = `${anchor}-title`;
  return (
    <article id={anchor} aria-labelledby={headingId} className="card flex h-full scroll-mt-24 flex-col overflow-hidden">
      <VideoPlayer
        key={String(playing)}
        title={video.title}
        player={video.player}
        thumbnail={video.thumbnail}
        topic={video.topic}
        playForm={{ action: libraryCardPath(pagePath, video.id), fields: { videoId: video.id } }}
        startPlaying={playing}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading id={headingId} className="text-lg leading-snug font-semibold text-stone-900">
            {video.title}
          </Heading>
          <CategoryBadge category={video.category} />
        </div>
        <p className="text-sm text-stone-600">{formatCount(video.views, "view")}</p>
        {video.description ? <p className="flex-1 text-stone-700">{video.description}</p> : <div className="flex-1" />}
        <VideoFormError error={error} />
        <VideoReactions
          videoId={video.id}
          likes={video.likes}
          dislikes={video.dislikes}
          myReaction={video.myReaction}
          returnTo={libraryCardPath(pagePath, video.id, playing)}
          nameVideo
        />
      </div>
    </article>
  );
}
