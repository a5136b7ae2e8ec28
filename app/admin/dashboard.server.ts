import { countBenches } from "~/models/bench.server";
import { countPendingFeedback } from "~/models/feedback.server";
import { countUsers } from "~/models/user.server";
import { countVideos } from "~/models/video.server";

/** The live numbers on the dashboard cards; four cheap counts, run together. */
export async function loadDashboardCounts() {
  const [users, videos, pendingFeedback, benches] = await Promise.all([
    countUsers(),
    countVideos(),
    countPendingFeedback(),
    countBenches(),
  ]);
  return { users, videos, pendingFeedback, benches };
}
