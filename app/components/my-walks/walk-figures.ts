import { formatDay } from "~/lib/dates";
import { METRES_PER_MILE, roundSteps } from "~/lib/geo";

// How the My Walks page writes its figures, and its address (its forms post to it, its links lead back).

export const MY_WALKS_PAGE = "/userControlPanel/walks";

export const miles = (metres: number) => (metres / METRES_PER_MILE).toFixed(2);
export const steps = (count: number) => roundSteps(count).toLocaleString("en-US");
export const dayLabel = formatDay;
