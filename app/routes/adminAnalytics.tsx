import { formatShortDay } from "~/lib/dates";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart, displayCount, type ChartRow } from "~/components/bar-chart";
import {
  getUserDemographics,
  getVideoAnalytics,
  getWalkAnalytics,
  type DemographicGroup,
  type WalkGroup,
} from "~/models/analytics.server";
import { METRES_PER_MILE, trailStrokeColor } from "~/lib/geo";
import { campusToday } from "~/lib/dates";
import { campusOf } from "~/http/campus.server";
import {
  SUPPRESSED_LABEL,
  TOP_VIDEOS,
  videoAnalyticsListSchema,
  videoAnalyticsSortSchema,
  type SortDirection,
  type VideoAnalyticsList,
  type VideoAnalyticsSort,
  type VideoSortColumn,
} from "~/schemas/analytics";
import { requireAdmin } from "~/http/auth.server";
import { FigureTable } from "~/components/data-table";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Analytics") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin({ request, context });
  const url = new URL(request.url);
  const sort = videoAnalyticsSortSchema.parse({ sort: url.searchParams.get("sort"), dir: url.searchParams.get("dir") });
  const list = videoAnalyticsListSchema.parse(url.searchParams.get("videos"));
  // "This week" ends on the campus clock's today.
  const today = campusToday((await campusOf({ request, context })).timeZone);
  const [videoAnalytics, demographics, walks] = await Promise.all([
    getVideoAnalytics(sort, list),
    getUserDemographics(),
    getWalkAnalytics(new Date(`${today}T00:00:00Z`)),
  ]);
  return { sort, list, videoAnalytics, demographics, walks };
}

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

type VideoAnalytics = ReturnType<typeof useLoaderData<typeof loader>>["videoAnalytics"];

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
const idleLabel = (count: number) => `${plural(count, "video", "videos")} with no activity yet`;

/** The page's address with these video-list settings; the URL is the whole state, so links work without JavaScript. */
function videoListUrl(sort: VideoAnalyticsSort, list: VideoAnalyticsList) {
  const params = new URLSearchParams({ sort: sort.sort, dir: sort.dir });
  if (list === "all") params.set("videos", "all");
  return `?${params}`;
}

export default function AdminAnalytics() {
  const { sort, list, videoAnalytics, demographics, walks } = useLoaderData<typeof loader>();
  const { videos, idle } = videoAnalytics;
  const chartRows: ChartRow[] = [
    ...videos.map((video) => ({ label: video.title, values: [video.views, video.likes, video.dislikes] })),
    ...(idle.count > 0
      ? [{ label: idleLabel(idle.count), values: [0, 0, 0], note: "No views, likes or dislikes" }]
      : []),
  ];
  return (
    <div className="page space-y-10">
      <h1 className="page-title">Analytics</h1>

      <section aria-labelledby="video-analytics-heading" className="space-y-4">
        <h2 id="video-analytics-heading" className="text-2xl font-semibold text-stone-900">
          Video Analytics
        </h2>
        <p className="text-stone-700">
          {videoAnalytics.totals.videos} videos · {displayCount(videoAnalytics.totals.views)} views ·{" "}
          {displayCount(videoAnalytics.totals.likes)} likes · {displayCount(videoAnalytics.totals.dislikes)} dislikes
        </p>
        <VideoTable sort={sort} list={list} analytics={videoAnalytics} />
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
      </section>

      <WalkAnalytics weeks={walks.weeks} trails={walks.trails} />

      <section aria-labelledby="demographics-heading" className="space-y-4">
        <h2 id="demographics-heading" className="text-2xl font-semibold text-stone-900">
          User Demographics
        </h2>
        <p className="text-stone-700">
          Groups of fewer than 5 users are shown as ‘{SUPPRESSED_LABEL}’ and drawn as a short grey bar, so that no one
          can be singled out.
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          <DemographicChart id="gender" title="Users by gender" groups={demographics.gender} />
          <DemographicChart id="age" title="Users by age band" groups={demographics.ageBand} />
          <DemographicChart id="ethnicity" title="Users by ethnicity" groups={demographics.ethnicity} />
          <DemographicChart
            id="community"
            title="Users by college community membership"
            groups={demographics.community}
          />
        </div>
      </section>
    </div>
  );
}

function sortLink(current: VideoAnalyticsSort, column: VideoSortColumn, list: VideoAnalyticsList) {
  // A second click on the sorted column reverses it; a new column starts where it is most useful.
  const dir: SortDirection =
    current.sort === column ? (current.dir === "asc" ? "desc" : "asc") : column === "title" ? "asc" : "desc";
  return videoListUrl({ sort: column, dir }, list);
}

function VideoTable({
  sort,
  list,
  analytics,
}: {
  sort: VideoAnalyticsSort;
  list: VideoAnalyticsList;
  analytics: VideoAnalytics;
}) {
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

function DemographicChart({ id, title, groups }: { id: string; title: string; groups: DemographicGroup[] }) {
  const rows: ChartRow[] = groups.map((group) => ({ label: group.label, values: [group.count] }));
  return (
    <section aria-labelledby={`${id}-heading`} className="card space-y-3 p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <BarChart
        id={`${id}-chart`}
        title={title}
        summary={`Bar chart; the same numbers are in the table below. ‘${SUPPRESSED_LABEL}’ marks groups of fewer than 5 users.`}
        series={[{ name: "Users", bar: "bg-brand-700" }]}
        rows={rows}
      />
      <FigureTable
        title={title}
        heading="Group"
        columns={["Users"]}
        rows={groups.map((group) => ({ label: group.label, figures: [displayCount(group.count)] }))}
      />
    </section>
  );
}

const trailBars: Record<string, string> = { gold: "bg-badge-warning", green: "bg-brand-700", gray: "bg-stone-600" };

function weekLabel(isoDate: string) {
  return formatShortDay(isoDate);
}

const displayMiles = (metres: number | null) =>
  metres === null ? SUPPRESSED_LABEL : (metres / METRES_PER_MILE).toFixed(1);

type WalkTrailRow = { id: string; name: string; color: string; perWeek: WalkGroup[]; total: WalkGroup };

function WalkAnalytics({ weeks, trails }: { weeks: string[]; trails: WalkTrailRow[] }) {
  const title = "Walks per trail in each of the last 8 weeks";
  return (
    <section aria-labelledby="walk-analytics-heading" className="space-y-4">
      <h2 id="walk-analytics-heading" className="text-2xl font-semibold text-stone-900">
        Walks
      </h2>
      <p className="text-stone-700">
        Walks people logged or finished on the map, per trail and week (weeks start on Monday). A trail&rsquo;s week
        walked by fewer than 5 people is shown as &lsquo;{SUPPRESSED_LABEL}&rsquo;, for its walks and its distance
        alike.
      </p>
      <figure className="card p-4">
        <figcaption className="mb-2 font-semibold text-stone-900">{title}</figcaption>
        <BarChart
          id="walk-chart"
          title={title}
          summary={`Bar chart, one group of bars per week, oldest first, one bar per trail; the numbers are in the table below. ‘${SUPPRESSED_LABEL}’ marks groups of fewer than 5 people.`}
          series={trails.map((trail) => ({
            name: trail.name,
            bar: trailBars[trail.color.toLowerCase()] ?? "bg-badge-primary",
          }))}
          rows={weeks.map((week, index) => ({
            label: `Week of ${weekLabel(week)}`,
            values: trails.map((trail) => trail.perWeek[index].walks),
          }))}
        />
      </figure>
      {/* On a phone the weeks scroll sideways inside the card; the table holds nothing focusable, so the
          card is a focusable region for the keyboard to scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable) */}
      <div className="card overflow-x-auto" role="region" aria-label="Walks per trail and week" tabIndex={0}>
        <table className="w-full text-left text-sm" data-table="walks">
          <caption className="px-4 pt-3 text-left text-stone-700">
            Walks and miles per trail and week, and in all
          </caption>
          <thead className="border-b border-stone-300">
            <tr>
              <th scope="col" className="px-4 py-2">
                Trail
              </th>
              {weeks.map((week) => (
                <th key={week} scope="col" className="px-2 py-2 text-right">
                  {weekLabel(week)}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 text-right">
                All walks
              </th>
            </tr>
          </thead>
          <tbody>
            {trails.map((trail) => (
              <tr key={trail.id} className="border-b border-stone-200 last:border-0" data-trail={trail.name}>
                <th scope="row" className="px-4 py-2 font-medium">
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block h-3 w-3 rounded-full border border-stone-900"
                    style={{ background: trailStrokeColor(trail.color) }}
                  />
                  {trail.name}
                </th>
                {[...trail.perWeek, trail.total].map((group, index) => (
                  <td key={index} className="px-2 py-2 text-right tabular-nums" data-walks={displayCount(group.walks)}>
                    {displayCount(group.walks)}{" "}
                    <span className="block text-xs text-stone-600">{displayMiles(group.metres)} mi</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
