import { LightEmbed, type NoScriptPlay, type PlayForm, type Thumbnail } from "~/components/light-embed";
import { TopicIllustration } from "~/components/topic-icon";
import type { VideoPlayer as Player } from "~/lib/video-source";
import { VideoFile } from "~/components/video-file";
import type { Topic } from "~/lib/video-topics";

type VideoPlayerProps = {
  title: string;
  player: Player | null;
  /** The still the server stored, served from our origin; null until there is one. */
  thumbnail?: Thumbnail | null;
  /** The topic whose illustration stands in for a missing still; without it, the plain green box. */
  topic?: Topic;
  /** Play as a form that counts the view and redirects to the player (the video pages); omit where views must not count. */
  playForm?: PlayForm;
  /** How the facade's play control works without JavaScript where play swaps in place; by default the video on its host's site. */
  noScriptPlay?: NoScriptPlay;
  /** Show the player at once (the page play's form redirected to). */
  startPlaying?: boolean;
  /** One line per video until played, for small boxes such as a bench's popup. */
  compact?: boolean;
  className?: string;
};

const box =
  "relative block aspect-video w-full overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600";

/**
 * One video, played the way its link allows: YouTube and Vimeo behind the click-to-play facade (nothing
 * requested from them before play), a video file in the browser's own player (preload="none": nothing is
 * fetched before play either, and it works without JavaScript), any other page as a link to a new tab. On
 * the video pages (`playForm`) a file is behind the facade too, so that pressing play counts its view.
 */
export function VideoPlayer({
  title,
  player,
  thumbnail,
  topic,
  playForm,
  noScriptPlay,
  startPlaying,
  compact = false,
  className = "",
}: VideoPlayerProps) {
  if (player?.kind === "file" && playForm) {
    return (
      <LightEmbed
        title={title}
        embedSrc={player.src}
        fileType={player.type}
        thumbnail={thumbnail}
        topic={topic}
        playForm={playForm}
        noScriptPlay={{ kind: "link", href: player.src }}
        startPlaying={startPlaying}
        className={className}
      />
    );
  }
  if (player?.kind === "file")
    return <NativeVideo title={title} src={player.src} type={player.type} className={className} />;
  if (player?.kind === "page" && compact) {
    return (
      <a href={player.href} target="_blank" rel="noopener noreferrer" className={`btn-link ${className}`}>
        {title}
        <span className="text-sm">, on {player.hostName}</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (player?.kind === "page") {
    return (
      <div className={`${box} flex items-center justify-center p-4 ${className}`}>
        {topic ? <TopicIllustration topic={topic} /> : null}
        <span className="absolute inset-x-0 top-0 px-4 pt-3 text-left text-base font-semibold text-white">{title}</span>
        <a
          href={player.href}
          target="_blank"
          rel="noopener noreferrer"
          className="relative rounded bg-white px-3 py-2 text-sm font-semibold text-brand-800 underline"
        >
          Watch on {player.hostName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    );
  }
  // An unplayable link (null) gets the facade's "can't be played here" box, which has no play control.
  const hostPage: NoScriptPlay = player
    ? { kind: "external", href: player.hostPage, hostName: player.hostName }
    : { kind: "link", href: "" };
  return (
    <LightEmbed
      title={title}
      embedSrc={player?.src ?? null}
      thumbnail={thumbnail}
      topic={topic}
      playForm={playForm}
      noScriptPlay={noScriptPlay ?? hostPage}
      startPlaying={startPlaying}
      compact={compact}
      className={className}
    />
  );
}

function NativeVideo({ title, src, type, className }: { title: string; src: string; type: string; className: string }) {
  return (
    <div className={`${box} ${className}`}>
      <VideoFile title={title} src={src} type={type} />
    </div>
  );
}
