export type Role = "Admin" | "User";

export type NavLink = { label: string; to: string };
export type NavGroup = { label: string; links: NavLink[] };
export type NavItem = NavLink | NavGroup;

export const exerciseLinks: NavLink[] = [
  { label: "Body Weight Exercises", to: "/bodyWeightExercises" },
  { label: "Stretches For Walking", to: "/strechesForWalking" },
  { label: "Proper Walking Techniques", to: "/properWalkingTechniques" },
  { label: "Nutrition and Hydration", to: "/nutritionandHydration" },
  { label: "Injury Prevention", to: "/injuryPrevention" },
];

export const adminLinks: NavLink[] = [
  { label: "Admin Dashboard", to: "/adminHome" },
  { label: "Admin Control Panel", to: "/adminControlPanel" },
  { label: "Analytics", to: "/adminAnalytics" },
];

/** The bars of SPEC §2: which one a visitor sees is decided on the server from the session's role. */
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
