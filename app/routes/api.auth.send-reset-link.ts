import { sendResetLink } from "~/http/api-accounts.server";
import { apiRoute } from "~/http/api.server";

export const { loader, action } = apiRoute({ POST: sendResetLink });
