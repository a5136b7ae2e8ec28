// One way to write a day on every page: "Tue, Nov 24, 2026" (and "Nov 24" for a week's first day). The
// ISO form (2026-11-24) is for forms and the API only. Days are calendar days, so they are formatted in
// UTC: the same day on the server and in every browser, whatever its time zone.

/** "Tue, Nov 24, 2026" for the calendar day "2026-11-24". */
export function formatDay(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

/** "Nov 24" for the calendar day "2026-11-24": a week's first day in a chart or table. */
export function formatShortDay(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}
