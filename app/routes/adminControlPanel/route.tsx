import { data as withStatus, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, useActionData, useLoaderData } from "@remix-run/react";
import { benchAction, loadBenchArea } from "~/routes/adminControlPanel/bench.server";
import { feedbackAction, loadFeedbackArea } from "~/routes/adminControlPanel/feedback.server";
import { adminAreaUrl, adminOptionLabels, adminOptions, parseAdminOption } from "~/lib/navigation";
import { loadProfilesArea, profilesAction } from "~/routes/adminControlPanel/profiles.server";
import { loadTrailArea, trailAction } from "~/routes/adminControlPanel/trail.server";
import { loadVideosArea, videosAction } from "~/routes/adminControlPanel/videos.server";
import { BenchArea } from "~/routes/adminControlPanel/bench";
import { FeedbackArea } from "~/routes/adminControlPanel/feedback";
import { ProfilesArea } from "~/routes/adminControlPanel/profiles";
import { TrailArea } from "~/routes/adminControlPanel/trail";
import { trailMapLinks } from "~/components/trail-map";
import { VideosArea } from "~/routes/adminControlPanel/videos";
import { requireAdmin } from "~/http/auth.server";

export const meta: MetaFunction = () => [{ title: "Admin Control Panel | Walking Trails" }];

// The trail area previews the trail on the map.
export const links: LinksFunction = () => trailMapLinks();

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const option = parseAdminOption(url.searchParams.get("option"));
  const page = await loadArea(option, url, admin);
  // A refused search still shows the area, with the reason beside the search box.
  const refused = "searchError" in page.area && page.area.searchError;
  return refused ? withStatus(page, { status: 400 }) : page;
}

async function loadArea(option: ReturnType<typeof parseAdminOption>, url: URL, admin: Awaited<ReturnType<typeof requireAdmin>>) {
  switch (option) {
    case "profiles":
      return { option, area: await loadProfilesArea(url, admin) };
    case "videos":
      return { option, area: await loadVideosArea(url, admin) };
    case "feedback":
      return { option, area: await loadFeedbackArea(url, admin) };
    case "trail":
      return { option, area: await loadTrailArea(url, admin) };
    case "bench":
      return { option, area: await loadBenchArea(url, admin) };
  }
}

/** Each area handles its own intents; the area is the one named in the form's action URL. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const option = parseAdminOption(new URL(request.url).searchParams.get("option"));
  const formData = await request.formData();
  const handlers = { profiles: profilesAction, videos: videosAction, feedback: feedbackAction, trail: trailAction, bench: benchAction };
  return handlers[option](request, formData, admin);
}

function SideMenu({ current }: { current: string }) {
  return (
    <nav aria-label="Admin areas" className="lg:w-56 lg:shrink-0">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {adminOptions.map((option) => (
          <li key={option}>
            <Link
              to={adminAreaUrl(option)}
              aria-current={current === option ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium ${
                current === option ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-stone-200"
              }`}
            >
              {adminOptionLabels[option]}
            </Link>
          </li>
        ))}
        <li className="lg:mt-4 lg:border-t lg:border-stone-200 lg:pt-4">
          <NavLink to="/adminHome" className="block rounded-md px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-200">
            ← Admin Dashboard
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

export default function AdminControlPanel() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page">
      <h1 className="page-title mb-6">Admin Control Panel</h1>
      <div className="flex flex-col gap-6 lg:flex-row">
        <SideMenu current={data.option} />
        <section aria-labelledby="area-heading" className="min-w-0 flex-1">
          <h2 id="area-heading" className="mb-4 text-2xl font-semibold text-stone-900">
            {adminOptionLabels[data.option]}
          </h2>
          {data.option === "profiles" ? <ProfilesArea data={data.area} actionData={actionData} /> : null}
          {data.option === "videos" ? <VideosArea data={data.area} actionData={actionData} /> : null}
          {data.option === "feedback" ? <FeedbackArea data={data.area} actionData={actionData} /> : null}
          {data.option === "trail" ? <TrailArea data={data.area} actionData={actionData} /> : null}
          {data.option === "bench" ? <BenchArea data={data.area} actionData={actionData} /> : null}
        </section>
      </div>
    </div>
  );
}
