import type { MapBenchVideo } from "~/components/trail-map-types";
import { VideoPlayer } from "~/components/video-player";

/**
 * A bench's videos, each playable in place like on the video pages: YouTube and Vimeo behind the
 * click-to-play facade (without JavaScript, a link to the video on its site in a new tab), files in the
 * browser's own player, other pages as links to a new tab; or a note when the bench has none.
 */
export function BenchVideoLinks({ videos }: { videos: MapBenchVideo[] }) {
  if (videos.length === 0) return <p className="mt-2 text-sm text-stone-600">No videos at this bench yet.</p>;
  return (
    <ul className="mt-2 space-y-2">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoPlayer title={video.title} player={video.player} compact />
        </li>
      ))}
    </ul>
  );
}
