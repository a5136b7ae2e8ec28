import type { MapBenchVideo } from "~/components/trail-map-types";

/** A bench's videos as links that open in a new tab (SPEC §2), or a note when it has none. */
export function BenchVideoLinks({ videos }: { videos: MapBenchVideo[] }) {
  if (videos.length === 0) return <p className="mt-2 text-sm text-stone-600">No videos at this bench yet.</p>;
  return (
    <ul className="mt-2 space-y-1">
      {videos.map((video) => (
        <li key={video.id}>
          <a href={video.url} target="_blank" rel="noopener noreferrer" className="btn-link">
            {video.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
