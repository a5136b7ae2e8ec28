export type Role = "Admin" | "User";

export type NavLink = { label: string; to: string };
export type NavGroup = { label: string; links: NavLink[] };
type NavItem = NavLink | NavGroup;

const exerciseLinks: NavLink[] = [
  { label: "Body Weight Exercises", to: "/bodyWeightExercises" },
  { label: "Stretches For Walking", to: "/strechesForWalking" },
  { label: "Proper Walking Techniques", to: "/properWalkingTechniques" },
  { label: "Nutrition and Hydration", to: "/nutritionandHydration" },
  { label: "Injury Prevention", to: "/injuryPrevention" },
];

const adminLinks: NavLink[] = [
  { label: "Admin Dashboard", to: "/adminHome" },
  { label: "Admin Control Panel", to: "/adminControlPanel" },
  { label: "Analytics", to: "/adminAnalytics" },
];

/** The navigation bars: which one a visitor sees is decided on the server from the session's role. */
export function navigationFor(role: Role | null): { brandTo: string; items: NavItem[]; signedIn: boolean } {
  if (!role) {
    return {
      brandTo: "/",
      signedIn: false,
      items: [
        { label: "Home", to: "/" },
        { label: "About", to: "/about" },
        { label: "Privacy", to: "/privacy" },
        { label: "Login", to: "/authorization?formType=signin" },
      ],
    };
  }
  const items: NavItem[] = [
    { label: "Home", to: "/userHome" },
    { label: "Trails", to: "/trails" },
    { label: "Exercises", links: exerciseLinks },
  ];
  if (role === "Admin") items.push({ label: "Admin Controls", links: adminLinks });
  items.push({ label: "My Profile", to: "/userControlPanel" });
  return { brandTo: role === "Admin" ? "/adminHome" : "/userHome", signedIn: true, items };
}

export function isGroup(item: NavItem): item is NavGroup {
  return "links" in item;
}

// ---------------------------------------------------------------------------------------------------
// The admin control panel's areas.

export const adminOptions = [
  "profiles",
  "videos",
  "feedback",
  "reports",
  "notices",
  "trail",
  "bench",
  "campus",
] as const;
export type AdminOption = (typeof adminOptions)[number];

export const adminOptionLabels: Record<AdminOption, string> = {
  profiles: "Profiles",
  videos: "Videos",
  feedback: "Feedback",
  reports: "Reports",
  notices: "Notices",
  trail: "Trail",
  bench: "Bench",
  campus: "Campus",
};

/** The admin area comes from ?option=, profiles when absent or unknown. */
export function parseAdminOption(value: string | null): AdminOption {
  return (adminOptions as readonly string[]).includes(value ?? "") ? (value as AdminOption) : "profiles";
}

/** The control panel URL for an area, keeping the area's own filters (search, selected item). */
export function adminAreaUrl(option: AdminOption, params: Record<string, string | null | undefined> = {}) {
  const search = new URLSearchParams({ option });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `/adminControlPanel?${search}`;
}

/**
 * Ids of the elements answers land on: the "Report a problem" section of a trail's or a bench's page, and
 * a report's card in the admin Reports area and on My reports (the admins' mail links to its card).
 */
export const reportAnchors = {
  form: "report",
  card: (id: string) => `report-${id}`,
  list: "report-results",
} as const;

/**
 * Replacing a trail's path from a file: the upload (the one route that takes a multipart body, see the
 * request gate) and the preview of an upload, by its id.
 */
export const TRAIL_PATH_UPLOAD_URL = "/adminControlPanel/trail-path";
export const trailPathPreviewUrl = (draftId: string) => `${TRAIL_PATH_UPLOAD_URL}/${draftId}`;
/** Where the upload form and the result of an upload's Apply or Cancel stand in the Trail area. */
export const TRAIL_PATH_UPLOAD_ANCHOR = "trail-path-upload";

/**
 * The admin pages outside the control panel's ?option= areas, each a route of its own: listed beside the
 * areas in the panel's menu and on the dashboard, so they are found where the areas are.
 */
export const adminPages = {
  analytics: { label: "Analytics", to: "/adminAnalytics" },
  qrCodes: { label: "Bench QR codes", to: "/adminControlPanel/qr-codes" },
  // The upload needs a trail: it starts from the Trail area's form, which posts to the trail-path route.
  trailPath: { label: "Replace a trail's path", to: `${adminAreaUrl("trail")}#${TRAIL_PATH_UPLOAD_ANCHOR}` },
} as const satisfies Record<string, NavLink>;

/** Ids of the Notices area's elements: the new-notice form, a notice's card, the list, the edit form. */
export const noticeAnchors = {
  form: "add-notice",
  card: (id: string) => `notice-${id}`,
  list: "notice-results",
  edit: "edit-notice",
} as const;
