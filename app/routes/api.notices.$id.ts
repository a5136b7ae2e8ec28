import { apiRoute } from "~/http/api.server";
import { editedOrRefused, readAdminEdit } from "~/http/api-admin.server";
import { apiVersioned } from "~/http/api-versions.server";
import { readBody } from "~/http/api-input.server";
import { deleteNotice, noticeRefusals, updateNotice } from "~/models/notice.server";
import { toNoticeJson } from "~/models/notice-view.server";
import { noticePatchSchema } from "~/schemas/notice-api";

// PATCH and DELETE accept the notice's ETag in If-Match (412 when it changed since), as trails, benches
// and videos do (decision 047).
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const { id, base } = await readAdminEdit(request, params.id, "Notice");
    const patch = await readBody(request, noticePatchSchema);
    const { notice } = editedOrRefused(await updateNotice(id, patch, base), noticeRefusals);
    return apiVersioned(toNoticeJson(notice));
  },
  DELETE: async ({ request, params }) => {
    const { id, base } = await readAdminEdit(request, params.id, "Notice");
    editedOrRefused(await deleteNotice(id, base), noticeRefusals);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
});
