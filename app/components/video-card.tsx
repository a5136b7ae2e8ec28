import { CategoryBadge } from "~/components/category-badge";
import { VideoPlayer } from "~/components/video-player";
import { VideoReactions } from "~/components/video-reactions";
import type { VideoCardData } from "~/schemas/video";

export function formatCount(count: number, singular: string, plural = `${singular}s`) {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
}

function videoAnchor(videoId: string) {
  return `video-${videoId}`;
}

/** One video of a library: a light preview, title, category, views, reactions and description. */
export function VideoCard({
  video,
  headingLevel,
  returnPath,
}: {
  video: VideoCardData;
  headingLevel: 2 | 3;
  /** The page the card is on, so a form posted without JavaScript comes back to this card. */
  returnPath: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `${videoAnchor(video.id)}-title`;
  return (
    <article id={videoAnchor(video.id)} aria-labelledby={headingId} className="card flex h-full scroll-mt-24 flex-col overflow-hidden">
      <VideoPlayer
        title={video.title}
        player={video.player}
        thumbnail={video.thumbnail}
        topic={video.topic}
        noScriptPlay={{ kind: "link", href: `/videos/${video.id}` }}
        viewAction={`/videos/${video.id}`}
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
        <VideoReactions
          videoId={video.id}
          likes={video.likes}
          dislikes={video.dislikes}
          myReaction={video.myReaction}
          returnTo={`${returnPath}#${videoAnchor(video.id)}`}
        />
      </div>
    </article>
  );
}
