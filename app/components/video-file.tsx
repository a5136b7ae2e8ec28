/**
 * A video file in the browser's own player, whose controls work with or without our JavaScript; the link is
 * for browsers without <video>. Played at once when opened from a poster, otherwise fetched only on play.
 */
export function VideoFile({
  title,
  src,
  type,
  autoPlay = false,
}: {
  title: string;
  src: string;
  type: string;
  autoPlay?: boolean;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- a video is a link an admin adds; the data model holds no caption file to offer
    <video
      controls
      autoPlay={autoPlay}
      preload={autoPlay ? undefined : "none"}
      playsInline
      className="absolute inset-0 h-full w-full bg-black"
      aria-label={`Video player: ${title}`}
    >
      <source src={src} type={type} />
      <a href={src}>Download the video: {title}</a>
    </video>
  );
}
