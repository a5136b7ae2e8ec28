import { sendResetLink } from "~/http/api-accounts.server";
import { apiRoute } from "~/http/api.server";

// The standalone page's call: the same as /api/auth/send-reset-link.
export const { loader, action } = apiRoute({ POST: sendResetLink });
