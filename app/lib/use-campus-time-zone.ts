import { useRouteLoaderData } from "@remix-run/react";
import { SAMPLE_TIME_ZONE } from "~/lib/dates";
import type { LonLat } from "~/lib/geo";

/**
 * The campus settings' time zone, as the root loader read it for this request: the clock every time on
 * the page is shown and typed on (decision 076). An error page whose root loader failed falls back to
 * the sample campus's.
 */
export function useCampusTimeZone(): string {
  return useRouteLoaderData<{ campus?: { timeZone: string } }>("root")?.campus?.timeZone ?? SAMPLE_TIME_ZONE;
}

/** The campus settings' map centre, when an admin set one (decision 076): where the interactive map opens. */
export function useCampusCenter(): LonLat | null {
  return useRouteLoaderData<{ campus?: { center?: LonLat | null } }>("root")?.campus?.center ?? null;
}
