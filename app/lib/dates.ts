// One way to write a day on every page: "Tue, Nov 24, 2026" (and "Nov 24" for a week's first day). The
// ISO form (2026-11-24) is for forms and the API only. Days are calendar days, so they are formatted in
// UTC: the same day on the server and in every browser, whatever its time zone.

/** "Tue, Nov 24, 2026" for the calendar day "2026-11-24". */
export function formatDay(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** "Nov 24" for the calendar day "2026-11-24": a week's first day in a chart or table. */
export function formatShortDay(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * The sample campus's time zone, and any campus's until an admin sets its own. Every time a page shows or
 * takes (a notice's start and end, the day a walk form starts on, where "this week" begins) is on the
 * campus settings' clock (decision 076), handed to the functions below; the API speaks ISO 8601 with an
 * offset instead.
 */
export const SAMPLE_TIME_ZONE = "America/New_York";

/** One formatter per zone and use: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(use: "reading" | "display", timeZone: string) {
  const key = `${use} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      use === "reading"
        ? new Intl.DateTimeFormat("en-US", {
            timeZone,
            hourCycle: "h23",
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
          })
        : new Intl.DateTimeFormat("en-US", {
            timeZone,
            weekday: "short",
            year: "numeric",
            month: "short",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
            timeZoneName: "short",
          });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The campus clock's reading at `ms`, as if that reading were UTC (so the difference is the zone's offset). */
function campusReading(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor("reading", timeZone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The moment a campus clock shows `value` (a `datetime-local` input's "2026-11-27T15:30"), or null when it
 * is no such reading (2026-02-30, 25:00). A reading the clock skips or shows twice when it changes for
 * daylight saving is taken at one of the two offsets around the change.
 */
export function campusTimeToDate(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  // The zone's offset near that moment, then again at the moment found (it may sit across a change).
  const near = campusReading(asUtc, timeZone) - asUtc;
  const moment = asUtc - near;
  const at = campusReading(moment, timeZone) - moment;
  return new Date(at === near ? moment : asUtc - at);
}

/** A moment as a `datetime-local` input shows it on the campus clock: "2026-11-27T15:30". */
export function campusTimeInput(date: Date | string, timeZone: string): string {
  const reading = new Date(campusReading(new Date(date).getTime(), timeZone));
  // An input holds four-digit years only; a time beyond them (as good as none) shows as empty.
  const year = reading.getUTCFullYear();
  return year < 1 || year > 9999 ? "" : reading.toISOString().slice(0, 16);
}

/**
 * A moment for people on the campus: "Fri, Nov 27, 2026, 3:30 PM EST". Put together from its parts with
 * plain spaces, so the server's and the browser's text agree whatever spaces their ICU puts in.
 */
export function formatCampusTime(date: Date | string, timeZone: string): string {
  const part = Object.fromEntries(
    formatterFor("display", timeZone)
      .formatToParts(new Date(date))
      .map(({ type, value }) => [type, value]),
  );
  return `${part.weekday}, ${part.month} ${part.day}, ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}

/** Today's date (YYYY-MM-DD) on the campus clock. */
export function campusToday(timeZone: string, now = new Date()): string {
  return new Date(campusReading(now.getTime(), timeZone)).toISOString().slice(0, 10);
}
