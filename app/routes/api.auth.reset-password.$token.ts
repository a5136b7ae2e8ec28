import { textResponse } from "~/http/api-accounts.server";
import { resetPasswordWithToken } from "~/models/password-reset.server";
import { apiResetPasswordSchema } from "~/schemas/user-api";
import { userMessages } from "~/schemas/user";
import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";

// Plain text both ways: 200 with the success text, 400 with the reason.
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    let newPassword: string;
    try {
      ({ newPassword } = await readBody(request, apiResetPasswordSchema));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return textResponse(error.message, 400);
      throw error;
    }
    const token = params.token ?? "";
    const reset = token.length > 0 && token.length <= 200 ? await resetPasswordWithToken(token, newPassword) : null;
    if (!reset?.ok) return textResponse(userMessages.resetLinkInvalid, 400);
    return textResponse(userMessages.passwordResetDone);
  },
});
