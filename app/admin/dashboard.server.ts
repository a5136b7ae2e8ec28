import { countPendingFeedback } from "~/models/feedback.server";
import { countUsers } from "~/models/user.server";
import { prisma } from "~/utils/db.server";

/** The live numbers on the dashboard cards; four cheap counts, run together. */
export async function loadDashboardCounts() {
  const [users, videos, pendingFeedback, benches] = await Promise.all([
    countUsers(),
    prisma.video.count(),
    countPendingFeedback(),
    prisma.bench.count(),
  ]);
  return { users, videos, pendingFeedback, benches };
}
