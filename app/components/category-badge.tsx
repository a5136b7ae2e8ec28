export type BadgeTone = "primary" | "info" | "success" | "warning" | "danger" | "secondary";

// A badge's tone by category: health green; exercise and hydration info; proper walking techniques primary; nutrition
// warning; injury prevention danger; anything else secondary.
const toneByCategory: Record<string, BadgeTone> = {
  health: "success",
  exercise: "info",
  hydration: "info",
  "proper walking techniques": "primary",
  nutrition: "warning",
  "injury prevention": "danger",
};

/** Categories are typed in by administrators, so case and stray spaces must not change the colour. */
export function badgeToneForCategory(category: string): BadgeTone {
  const key = category.trim().toLowerCase().replace(/\s+/g, " ");
  return Object.hasOwn(toneByCategory, key) ? toneByCategory[key] : "secondary";
}

// Each pairing is at least 4.5:1 (WCAG AA for small text); info and warning use dark text on a tint
// because their saturated Bootstrap colours fail with white.
export const badgeToneClasses: Record<BadgeTone, string> = {
  primary: "bg-badge-primary text-white",
  info: "bg-badge-info-bg text-badge-info",
  success: "bg-badge-success text-white",
  warning: "bg-badge-warning-bg text-badge-warning",
  danger: "bg-badge-danger text-white",
  secondary: "bg-badge-secondary text-white",
};

export function CategoryBadge({ category, className = "" }: { category: string; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${badgeToneClasses[badgeToneForCategory(category)]} ${className}`}
    >
      <span className="sr-only">Category: </span>
      {category}
    </span>
  );
}
