import { AnalyticsSection } from "./section";
import type { useLoaderData } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { BarChart, displayCount, type ChartRow } from "~/components/bar-chart";
import {
  TOP_VIDEOS,
  type SortDirection,
  type VideoAnalyticsList,
  type VideoAnalyticsSort,
  type VideoSortColumn,
} from "~/schemas/analytics";
import type { loader } from "./route";

const columns: { key: VideoSortColumn; label: string }[] = [
  { key: "title", label: "Video" },
  { key: "views", label: "Views" },
  { key: "likes", label: "Likes" },
  { key: "dislikes", label: "Dislikes" },
];

const directionWords: Record<VideoSortColumn, Record<SortDirection, string>> = {
  title: { asc: "A to Z", desc: "Z to A" },
  views: { asc: "fewest first", desc: "most first" },
  likes: { asc: "fewest first", desc: "most first" },
  dislikes: { asc: "fewest first", desc: "most first" },
};

const videoSeries = [
  { name: "Views", bar: "bg-brand-700" },
  { name: "Likes", bar: "bg-badge-primary" },
  { name: "Dislikes", bar: "bg-badge-danger" },
];

type VideoAnalyticsData = ReturnType<typeof useLoaderData<typeof loader>>["videoAnalytics"];
/** The list as the URL asks for it (its order, and the top or all), and the figures. */
type VideoListProps = { sort: VideoAnalyticsSort; list: VideoAnalyticsList; analytics: VideoAnalyticsData };

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
const idleLabel = (count: number) => `${plural(count, "video", "videos")} with no activity yet`;

/** The page's address with these video-list settings; the URL is the whole state, so links work without JavaScript. */
function videoListUrl(sort: VideoAnalyticsSort, list: VideoAnalyticsList) {
  const params = new URLSearchParams({ sort: sort.sort, dir: sort.dir });
  if (list === "all") params.set("videos", "all");
  return `?${params}`;
}

export function VideoAnalytics({ sort, list, analytics }: VideoListProps) {
  const { videos, idle } = analytics;
  const chartRows: ChartRow[] = [
    ...videos.map((video) => ({ label: video.title, values: [video.views, video.likes, video.dislikes] })),
    ...(idle.count > 0
      ? [{ label: idleLabel(idle.count), values: [0, 0, 0], note: "No views, likes or dislikes" }]
      : []),
  ];
  return (
    <AnalyticsSection
      id="video-analytics"
      title="Video Analytics"
      intro={
        <>
          {analytics.totals.videos} videos · {displayCount(analytics.totals.views)} views ·{" "}
          {displayCount(analytics.totals.likes)} likes · {displayCount(analytics.totals.dislikes)} dislikes
        </>
      }
    >
      <VideoTable sort={sort} list={list} analytics={analytics} />
      <figure className="card p-4">
        <figcaption className="mb-3 font-semibold text-stone-900">Views, likes and dislikes per video</figcaption>
        <BarChart
          id="video-chart"
          title="Views, likes and dislikes per video"
          summary={`Bar chart of the ${plural(videos.length, "video", "videos")} in the table's order${
            idle.count > 0 ? `, and one line for the ${idleLabel(idle.count)}` : ""
          }; the numbers are in the table above.`}
          series={videoSeries}
          rows={chartRows}
        />
      </figure>
    </AnalyticsSection>
  );
}

function sortLink(current: VideoAnalyticsSort, column: VideoSortColumn, list: VideoAnalyticsList) {
  // A second click on the sorted column reverses it; a new column starts where it is most useful.
  const dir: SortDirection =
    current.sort === column ? (current.dir === "asc" ? "desc" : "asc") : column === "title" ? "asc" : "desc";
  return videoListUrl({ sort: column, dir }, list);
}

function VideoTable({ sort, list, analytics }: VideoListProps) {
  const { videos, more, active, idle } = analytics;
  const sortedBy = columns.find((column) => column.key === sort.sort)!;
  const which = more > 0 ? `The first ${videos.length} of ${active} videos with activity, sorted` : "Sorted";
  return (
    <div className="space-y-3" id="video-table">
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="px-2 pt-3 text-left text-stone-700 sm:px-4">
            Views, likes and dislikes per video. {which} by {sortedBy.label.toLowerCase()} (
            {directionWords[sort.sort][sort.dir]}). Choose a column heading to sort by it.
          </caption>
          <thead className="border-b border-stone-300">
            <tr>
              {columns.map((column) => {
                const isSorted = sort.sort === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={isSorted ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
                    className={`px-2 py-2 sm:px-4 ${column.key === "title" ? "" : "text-right"}`}
                  >
                    <Link
                      to={sortLink(sort, column.key, list)}
                      preventScrollReset
                      className="btn-link inline-flex min-h-11 items-center gap-1"
                    >
                      {column.label}
                      <span aria-hidden="true">{isSorted ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}</span>
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {videos.length === 0 && idle.count === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-3 text-stone-700">
                  No videos yet.
                </td>
              </tr>
            ) : null}
            {videos.map((video) => (
              <tr key={video.id} className="border-b border-stone-200 last:border-0" data-video-row>
                <th scope="row" className="px-2 py-2 font-medium text-stone-900 [overflow-wrap:anywhere] sm:px-4">
                  {video.title} <span className="block text-xs font-normal text-stone-600">{video.subCategory}</span>
                </th>
                <td className="px-2 py-2 text-right tabular-nums sm:px-4">{displayCount(video.views)}</td>
                <td className="px-2 py-2 text-right tabular-nums sm:px-4">{displayCount(video.likes)}</td>
                <td className="px-2 py-2 text-right tabular-nums sm:px-4">{displayCount(video.dislikes)}</td>
              </tr>
            ))}
            {idle.count > 0 ? (
              <tr className="border-t border-stone-300 bg-stone-50" data-idle-videos={idle.count}>
                <th scope="row" colSpan={4} className="px-2 py-2 font-medium text-stone-900 sm:px-4">
                  {idleLabel(idle.count)}: no views, likes or dislikes.
                  <details className="font-normal">
                    <summary className="btn-link inline-flex min-h-11 cursor-pointer items-center">Which ones?</summary>
                    <ul className="mb-2 list-disc pl-5 text-stone-700 [overflow-wrap:anywhere]">
                      {idle.titles.map((title, index) => (
                        <li key={`${title}-${index}`}>{title}</li>
                      ))}
                    </ul>
                  </details>
                </th>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {more > 0 ? (
        <p>
          <Link to={`${videoListUrl(sort, "all")}#video-table`} className="btn-secondary" data-show-all>
            Show all {active} videos with activity ({more} more)
          </Link>
        </p>
      ) : list === "all" && active > TOP_VIDEOS ? (
        <p>
          <Link to={`${videoListUrl(sort, "top")}#video-table`} className="btn-secondary">
            Show the first {TOP_VIDEOS} only
          </Link>
        </p>
      ) : null}
    </div>
  );
}
