import { apiRoute } from "~/http/api.server";
import { apiVersioned, currentTagOf, readIfMatch } from "~/http/api-versions.server";
import { ApiError } from "~/http/api-answers.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { deleteNotice, noticeRefusals, updateNotice } from "~/models/notice.server";
import { toNoticeJson } from "~/models/notice-view.server";
import { noticePatchSchema } from "~/schemas/notice-api";

// PATCH and DELETE accept the notice's ETag in If-Match (412 when it changed since), as trails, benches
// and videos do (decision 047).
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Notice");
    const base = readIfMatch(request);
    const changed = await updateNotice(id, await readBody(request, noticePatchSchema), base);
    if (!changed.ok) throw ApiError.refused(noticeRefusals[changed.reason], currentTagOf(changed));
    return apiVersioned(toNoticeJson(changed.notice));
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Notice");
    const deleted = await deleteNotice(id, readIfMatch(request));
    if (!deleted.ok) throw ApiError.refused(noticeRefusals[deleted.reason], currentTagOf(deleted));
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
});
