import {
  data as withStatus,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, NavLink, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ComponentType } from "react";
import { auditAdminWrite, formTarget } from "~/http/admin-audit.server";
import { requireAdmin } from "~/http/auth.server";
import {
  adminAreaUrl,
  adminOptionLabels,
  adminOptions,
  adminPages,
  parseAdminOption,
  type AdminOption,
} from "~/lib/navigation";
import type { AreaReply } from "./area";
import type { AreaServer } from "./area.server";
import { benchAction, loadBenchArea } from "./bench.server";
import { BenchArea } from "./bench";
import { campusAction, loadCampusArea } from "./campus.server";
import { CampusArea } from "./campus";
import { feedbackAction, loadFeedbackArea } from "./feedback.server";
import { FeedbackArea } from "./feedback";
import { loadNoticesArea, noticesAction } from "./notices.server";
import { NoticesArea } from "./notices";
import { loadProfilesArea, profilesAction } from "./profiles.server";
import { ProfilesArea } from "./profiles";
import { loadReportsArea, reportsAction } from "./reports.server";
import { ReportsArea } from "./reports";
import { loadTrailArea, trailAction } from "./trail.server";
import { TrailArea } from "./trail";
import { loadVideosArea, videosAction } from "./videos.server";
import { VideosArea } from "./videos";
import { pageTitle } from "~/lib/page-title";

// One page for the areas, chosen by ?option= (profiles when absent or unknown). Each area's
// loader and actions are in <area>.server.ts, its page in <area>.tsx; this route only guards and picks.

const areas = {
  profiles: { load: loadProfilesArea, act: profilesAction },
  videos: { load: loadVideosArea, act: videosAction },
  feedback: { load: loadFeedbackArea, act: feedbackAction },
  reports: { load: loadReportsArea, act: reportsAction },
  notices: { load: loadNoticesArea, act: noticesAction },
  trail: { load: loadTrailArea, act: trailAction },
  bench: { load: loadBenchArea, act: benchAction },
  campus: { load: loadCampusArea, act: campusAction },
} satisfies Record<AdminOption, AreaServer>;

/** The chosen area with what its loader loaded, typed per area so the page can hand each its own data. */
type AreaPage = {
  [O in AdminOption]: { option: O; area: Awaited<ReturnType<(typeof areas)[O]["load"]>> };
}[AdminOption];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Admin Control Panel") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const option = parseAdminOption(url.searchParams.get("option"));
  const page = { option, area: await areas[option].load(url, admin) } as AreaPage;
  // A refused search still shows the area, with the reason beside the search box.
  return page.area.searchError ? withStatus(page, { status: 400 }) : page;
}

/**
 * The area is the one named in the form's action URL; it handles its own intents. A change it made (it
 * redirects; a refusal answers the form) is audited here, once for every area.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const option = parseAdminOption(new URL(request.url).searchParams.get("option"));
  const formData = await request.formData();
  const answer = await areas[option].act(request, formData, admin);
  if (answer instanceof Response) {
    auditAdminWrite(admin.id, { area: option, action: String(formData.get("intent")), target: formTarget(formData) });
  }
  return answer;
}

/**
 * A refusal because the data changed under the page (the row is gone: 404; it changed: 409) reloads the
 * area, so the page shows the rows as they are and the refusal where the gone row's message goes, as it
 * does without JavaScript. A refusal of what was typed (400) leaves the page as it is.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 404 || actionStatus === 409 ? true : defaultShouldRevalidate;

export default function AdminControlPanel() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="page">
      <h1 className="page-title mb-6">Admin Control Panel</h1>
      <div className="flex flex-col gap-6 lg:flex-row">
        <SideMenu current={page.option} />
        <section aria-labelledby="area-heading" className="min-w-0 flex-1">
          <h2 id="area-heading" className="mb-4 text-2xl font-semibold text-stone-900">
            {adminOptionLabels[page.option]}
          </h2>
          <AreaView page={page} reply={reply} />
        </section>
      </div>
    </div>
  );
}

type LoadedPage = ReturnType<typeof useLoaderData<typeof loader>>;
type AreaViews = {
  [O in AdminOption]: ComponentType<{ data: Extract<LoadedPage, { option: O }>["area"]; reply?: AreaReply }>;
};

/** Each area's page, by option: the other half of an area's row in `areas`, kept apart so the browser gets no server code. */
const views: AreaViews = {
  profiles: ProfilesArea,
  videos: VideosArea,
  feedback: FeedbackArea,
  reports: ReportsArea,
  notices: NoticesArea,
  trail: TrailArea,
  bench: BenchArea,
  campus: CampusArea,
};

function AreaView({ page, reply }: { page: LoadedPage; reply?: AreaReply }) {
  // The option names both the view and its data, a pairing TypeScript cannot follow through the index.
  const View = views[page.option] as ComponentType<{ data: LoadedPage["area"]; reply?: AreaReply }>;
  return <View data={page.area} reply={reply} />;
}

function SideMenu({ current }: { current: AdminOption }) {
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
        {/* The admin pages of their own, beside the areas where a newcomer looks for them. On a phone the
            menu sits above the area, so they stay on the dashboard, one link away, and the area in view. */}
        {Object.values(adminPages).map((page, i) => (
          <li
            key={page.to}
            className={`hidden lg:block ${i === 0 ? "lg:mt-4 lg:border-t lg:border-stone-200 lg:pt-4" : ""}`.trim()}
          >
            <NavLink
              to={page.to}
              className="block rounded-md px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-200"
            >
              {page.label}
            </NavLink>
          </li>
        ))}
        <li className="lg:mt-4 lg:border-t lg:border-stone-200 lg:pt-4">
          <NavLink
            to="/adminHome"
            className="block rounded-md px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-200"
          >
            ← Admin Dashboard
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
