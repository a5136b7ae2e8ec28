import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getUserDemographics, getVideoAnalytics, getWalkAnalytics } from "~/models/analytics.server";
import { campusToday } from "~/lib/dates";
import { campusOf } from "~/http/campus.server";
import { videoAnalyticsListSchema, videoAnalyticsSortSchema } from "~/schemas/analytics";
import { requireAdmin } from "~/http/auth.server";
import { pageTitle } from "~/lib/page-title";
import { Demographics } from "./demographics";
import { VideoAnalytics } from "./video-analytics";
import { WalkAnalytics } from "./walk-analytics";

// The analytics page, one section a file beside it: videos, walks, and the users' demographics.

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

export default function AdminAnalytics() {
  const { sort, list, videoAnalytics, demographics, walks } = useLoaderData<typeof loader>();
  return (
    <div className="page space-y-10">
      <h1 className="page-title">Analytics</h1>
      <VideoAnalytics sort={sort} list={list} analytics={videoAnalytics} />
      <WalkAnalytics weeks={walks.weeks} trails={walks.trails} />
      <Demographics demographics={demographics} />
    </div>
  );
}
