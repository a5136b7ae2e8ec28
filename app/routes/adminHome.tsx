import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dataVersionsOf, requireAdmin } from "~/http/auth.server";
import { adminAreaUrl, adminPages } from "~/lib/navigation";
import { countBenches } from "~/models/bench.server";
import { countPendingFeedback } from "~/models/feedback.server";
import { countNotices } from "~/models/notice.server";
import { countUnresolvedReports } from "~/models/report.server";
import { countUsers } from "~/models/user-json.server";
import { countVideos } from "~/models/video-library.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Admin Dashboard") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  // The live numbers on the cards: six cheap counts, run together.
  const [users, videos, pendingFeedback, unresolvedReports, activeNotices, benches] = await Promise.all([
    countUsers(),
    countVideos(),
    countPendingFeedback(),
    countUnresolvedReports(),
    countNotices("active"),
    countBenches(await dataVersionsOf({ request, context })),
  ]);
  return {
    username: admin.username,
    counts: { users, videos, pendingFeedback, unresolvedReports, activeNotices, benches },
  };
}

type Counts = {
  users: number;
  videos: number;
  pendingFeedback: number;
  unresolvedReports: number;
  activeNotices: number;
  benches: number;
};
type Card = { id: string; title: string; to: string; text: string; action: string; count?: (counts: Counts) => string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const cards: Card[] = [
  {
    id: "profiles",
    title: "Profiles",
    to: adminAreaUrl("profiles"),
    text: "Find users by username or email, change their role between User and Admin, or delete accounts.",
    action: "Manage profiles",
    count: (c) => plural(c.users, "user", "users"),
  },
  {
    id: "videos",
    title: "Videos",
    to: adminAreaUrl("videos"),
    text: "Search the video libraries by title or category, add and edit videos, and delete them.",
    action: "Manage videos",
    count: (c) => plural(c.videos, "video", "videos"),
  },
  {
    id: "feedback",
    title: "Feedback",
    to: adminAreaUrl("feedback"),
    text: "Read what users wrote, mark messages resolved or pending, and delete them.",
    action: "Manage feedback",
    count: (c) => `${c.pendingFeedback} pending`,
  },
  {
    id: "reports",
    title: "Reports",
    to: adminAreaUrl("reports"),
    text: "Problems walkers reported on the trails and at benches: filter them, and set each one's status with a note to the reporter.",
    action: "Manage reports",
    count: (c) => `${c.unresolvedReports} open or in progress`,
  },
  {
    id: "notices",
    title: "Notices",
    to: adminAreaUrl("notices"),
    text: "Closures and cautions on the trails and at benches: post them for a time, change them, end them early or delete them.",
    action: "Manage notices",
    count: (c) => `${c.activeNotices} showing now`,
  },
  {
    id: "trail",
    title: "Trail",
    to: adminAreaUrl("trail"),
    text: "Choose a trail and edit its coordinates on the map preview: save, insert and delete points.",
    action: "Edit trails",
  },
  {
    id: "bench",
    title: "Bench",
    to: adminAreaUrl("bench"),
    text: "Create, update and delete benches along the trails and the videos shown at each bench.",
    action: "Manage benches",
    count: (c) => plural(c.benches, "bench", "benches"),
  },
  {
    id: "campus",
    title: "Campus",
    to: adminAreaUrl("campus"),
    text: "Name the campus, set the clock every page's times are on, and optionally where the map is centred.",
    action: "Edit campus settings",
  },
  {
    id: "analytics",
    title: "Analytics",
    to: adminPages.analytics.to,
    text: "Video views, likes and dislikes, and the demographics of the people who use the app.",
    action: "View analytics",
  },
  {
    id: "qr-codes",
    title: "QR codes",
    to: adminPages.qrCodes.to,
    text: "A printable sheet with a QR code for every bench, linking to the bench's page.",
    action: "Print QR codes",
  },
  {
    id: "trail-path",
    title: "Path from a file",
    to: adminPages.trailPath.to,
    text: "Replace a trail's whole path from a GPX or GeoJSON file: upload it, compare it with the current path, then apply it.",
    action: "Upload a path",
  },
];

/** The admin dashboard: a card for each management area (every admin area) and each admin page of its own. */
export default function AdminHome() {
  const { username, counts } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1 className="page-title">Admin Dashboard</h1>
      <p className="mt-3 max-w-3xl text-lg text-stone-700">Welcome, {username}. Choose what you want to manage.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id}>
            <section aria-labelledby={`dashboard-${card.id}`} className="card flex h-full flex-col p-6">
              <h2 id={`dashboard-${card.id}`} className="text-xl font-semibold text-stone-900">
                {card.title}
              </h2>
              {card.count ? (
                <p className="mt-1 text-sm font-semibold text-brand-700" data-count={card.id}>
                  {card.count(counts)}
                </p>
              ) : null}
              <p className="mt-2 flex-1 text-stone-700">{card.text}</p>
              <Link to={card.to} className="btn-primary mt-5 self-start">
                {card.action}
              </Link>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
