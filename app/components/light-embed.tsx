import { useEffect, useRef, useState } from "react";
import { TopicIllustration } from "~/components/topic-icon";
import { VideoFile } from "~/components/video-file";
import { useHydrated } from "~/lib/use-hydrated";
import type { Topic } from "~/lib/video-topics";

/** What the play control is before JavaScript runs (or when it never does), where play swaps in place. */
export type NoScriptPlay =
  | { kind: "link"; href: string }
  /** The video on its host's own site, in a new tab (where we have no page of our own for it). */
  | { kind: "external"; href: string; hostName: string };

/**
 * Play as a plain POST form, with or without JavaScript (the video pages, which ship none): the action
 * counts the view and redirects back to a page that shows the player (`startPlaying`).
 */
export type PlayForm = { action: string; fields: Record<string, string> };

type LightEmbedProps = {
  title: string;
  /** Player address without query (or a video file's address); null when the video cannot be embedded. */
  embedSrc: string | null;
  /** Set when `embedSrc` is a video file of this type: it plays in the browser's own player, not a frame. */
  fileType?: string;
  /** The still stored on our origin, with its size; without one, the topic's illustration (if given). */
  thumbnail?: Thumbnail | null;
  topic?: Topic;
  /** Play pressed on a page of ours: a form that counts the view. Without it, play swaps the player in place. */
  playForm?: PlayForm;
  noScriptPlay: NoScriptPlay;
  /** Render the player straight away (the page the play form redirected to), autoplaying where the host allows. */
  startPlaying?: boolean;
  /** A one-line play control until played (bench popups, where several videos share a small box). */
  compact?: boolean;
  className?: string;
};

export type Thumbnail = { src: string; width: number; height: number };

function PlayGlyph() {
  return (
    <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-brand-800 shadow-lg transition-transform group-hover:scale-110 group-focus-visible:scale-110">
      <svg viewBox="0 0 24 24" className="ml-1 h-8 w-8" aria-hidden="true" focusable="false">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
    </span>
  );
}

/**
 * A light stand-in for a third-party player: nothing is requested from the video host until the user
 * presses play. On the video pages play is a form that counts the view and comes back with the player
 * shown; elsewhere (admin previews, bench popups) the player replaces the preview in place with
 * JavaScript, and without it the control is a link to a page that shows the player.
 */
export function LightEmbed({
  title,
  embedSrc,
  fileType,
  thumbnail,
  topic,
  playForm,
  noScriptPlay,
  startPlaying = false,
  compact = false,
  className = "",
}: LightEmbedProps) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(startPlaying && Boolean(embedSrc));
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // Keyboard users keep their place: focus moves from the play button into the player.
    if (playing && !startPlaying) frame.current?.focus();
  }, [playing, startPlaying]);

  const box = `relative block aspect-video w-full overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 ${className}`;

  if (playing && embedSrc && fileType) {
    return (
      <div className={box}>
        <VideoFile title={title} src={embedSrc} type={fileType} autoPlay />
      </div>
    );
  }

  if (playing && embedSrc) {
    const src = new URL(embedSrc);
    src.searchParams.set("autoplay", "1");
    return (
      <div className={box}>
        <iframe
          ref={frame}
          src={src.toString()}
          title={`Video player: ${title}`}
          className="absolute inset-0 h-full w-full border-0"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }

  const preview = compact ? (
    <>
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/95 text-brand-800">
        <svg viewBox="0 0 24 24" className="ml-0.5 h-5 w-5" aria-hidden="true" focusable="false">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </span>
      <span className="text-sm font-semibold text-white">
        {embedSrc ? title : `${title}: this video can't be played here.`}
      </span>
    </>
  ) : (
    <>
      {thumbnail ? (
        <img
          src={thumbnail.src}
          alt=""
          width={thumbnail.width}
          height={thumbnail.height}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : topic ? (
        <TopicIllustration topic={topic} />
      ) : null}
      {/* Dark enough under the whole title that white text keeps 4.5:1 even over a white thumbnail. */}
      <span className="absolute inset-x-0 top-0 bg-gradient-to-b from-black/80 via-black/60 to-transparent px-4 pt-3 pb-8 text-left text-base font-semibold text-white">
        {title}
      </span>
      <span className="absolute inset-0 flex items-center justify-center">
        {embedSrc ? (
          <PlayGlyph />
        ) : (
          <span className="rounded bg-white/95 px-3 py-2 text-sm font-medium text-stone-800">
            This video can't be played here.
          </span>
        )}
      </span>
    </>
  );

  const previewBox = compact ? `flex w-full items-center gap-3 rounded bg-brand-800 px-3 py-2 ${className}` : box;
  if (!embedSrc) return <div className={previewBox}>{preview}</div>;

  const label = `Play video: ${title}`;
  const control = `group ${previewBox} cursor-pointer text-left`;
  if (playForm) {
    // A plain form also once hydrated (a visit that came from a page with scripts): one behaviour to test.
    return (
      <form method="post" action={playForm.action}>
        <input type="hidden" name="intent" value="view" />
        {Object.entries(playForm.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={control} aria-label={label}>
          {preview}
        </button>
      </form>
    );
  }
  if (hydrated) {
    return (
      <button type="button" className={control} aria-label={label} onClick={() => setPlaying(true)}>
        {preview}
      </button>
    );
  }
  if (noScriptPlay.kind === "link") {
    return (
      <a href={noScriptPlay.href} className={control} aria-label={label}>
        {preview}
      </a>
    );
  }
  return (
    <a
      href={noScriptPlay.href}
      target="_blank"
      rel="noopener noreferrer"
      className={control}
      aria-label={`${label} on ${noScriptPlay.hostName} (opens in a new tab)`}
    >
      {preview}
    </a>
  );
}
