import { apiRoute } from "~/http/api.server";
import { apiVersioned } from "~/http/api-versions.server";
import { ApiError } from "~/http/api-answers.server";
import { readBody, readQuery } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { createNotice, noticeRefusals } from "~/models/notice.server";
import { listActiveNotices, placesOfTrail } from "~/models/notice-schedule.server";
import { toNoticeJson } from "~/models/notice-view.server";
import { noticeInputSchema, noticeListQuerySchema } from "~/schemas/notice-api";

export const { loader, action } = apiRoute({
  // Public, as the banners on the public trail and bench pages are: the notices showing now.
  GET: async ({ request }) => {
    const { trailId, benchId } = readQuery(request, noticeListQuerySchema);
    const places = trailId ? await placesOfTrail(trailId) : benchId ? { benchIds: [benchId] } : undefined;
    const now = new Date();
    const rows = await listActiveNotices(places, now);
    // With both filters, a bench's notices only if it is on that trail, and the trail's own.
    const shown = trailId && benchId ? rows.filter((row) => row.trailId === trailId || row.benchId === benchId) : rows;
    return shown.map((row) => toNoticeJson(row, now));
  },
  POST: async ({ request }) => {
    const { user } = await requireApiAdmin(request);
    const input = await readBody(request, noticeInputSchema);
    const created = await createNotice(user.id, input);
    if (!created.ok) throw ApiError.refused(noticeRefusals[created.reason]);
    return apiVersioned(toNoticeJson(created.notice), { status: 201 });
  },
});
