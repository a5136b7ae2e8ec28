import { useRouteLoaderData } from "@remix-run/react";
import { SAMPLE_TIME_ZONE } from "~/lib/dates";

/**
 * The campus settings' time zone, as the root loader read it for this request: the clock every time on
 * the page is shown and typed on (decision 076). An error page whose root loader failed falls back to
 * the sample campus's.
 */
export function useCampusTimeZone(): string {
  return useRouteLoaderData<{ campus?: { timeZone: string } }>("root")?.campus?.timeZone ?? SAMPLE_TIME_ZONE;
}
