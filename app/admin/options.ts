export const adminOptions = ["profiles", "videos", "feedback", "trail", "bench"] as const;
export type AdminOption = (typeof adminOptions)[number];

export const adminOptionLabels: Record<AdminOption, string> = {
  profiles: "Profiles",
  videos: "Videos",
  feedback: "Feedback",
  trail: "Trail",
  bench: "Bench",
};

/** SPEC §2: the area comes from ?option=, profiles when absent or unknown. */
export function parseAdminOption(value: string | null): AdminOption {
  return (adminOptions as readonly string[]).includes(value ?? "") ? (value as AdminOption) : "profiles";
}

/** The control panel URL for an area, keeping the area's own filters (search, selected item). */
export function adminAreaUrl(option: AdminOption, params: Record<string, string | null | undefined> = {}) {
  const search = new URLSearchParams({ option });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `/adminControlPanel?${search}`;
}
