import { sendResetLink } from "~/api/accounts.server";
import { apiRoute } from "~/utils/api.server";

export const { loader, action } = apiRoute({ POST: sendResetLink });
