import * as z from "zod";

const VIDEO_SORT_COLUMNS = ["title", "views", "likes", "dislikes"] as const;
export type VideoSortColumn = (typeof VIDEO_SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

/** ?sort=views&dir=desc on /adminAnalytics; anything unknown falls back to most viewed first. */
export const videoAnalyticsSortSchema = z.object({
  sort: z.enum(VIDEO_SORT_COLUMNS).catch("views"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
});
export type VideoAnalyticsSort = z.output<typeof videoAnalyticsSortSchema>;

/** How many videos with activity /adminAnalytics shows before "Show all"; ?videos=all shows every one. */
export const TOP_VIDEOS = 10;
export const videoAnalyticsListSchema = z.enum(["top", "all"]).catch("top");
export type VideoAnalyticsList = z.output<typeof videoAnalyticsListSchema>;

/** Groups smaller than this are shown as '< 5' so nobody can be singled out. */
export const MIN_GROUP_SIZE = 5;
export const SUPPRESSED_LABEL = "< 5";

export const AGE_BANDS = [
  { label: "Under 18", min: 0, max: 17 },
  { label: "18–24", min: 18, max: 24 },
  { label: "25–34", min: 25, max: 34 },
  { label: "35–44", min: 35, max: 44 },
  { label: "45–54", min: 45, max: 54 },
  { label: "55–64", min: 55, max: 64 },
  { label: "65+", min: 65, max: Number.POSITIVE_INFINITY },
] as const;
export const NOT_GIVEN = "Not given";
