import * as z from "zod";
import { ROLES, newPasswordSchema } from "~/schemas/user";
import { profileUpdateSchema, signUpSchema } from "~/schemas/user-forms";

// JSON API shapes. The request schemas reuse the forms' rules; the response schemas describe what the
// serialisers in app/models/user-json.server.ts produce.

export const userJsonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  roleType: z.enum(ROLES),
  // As the old server sent them: the text fields are always strings ("" when not given), and an age that
  // was never given is left out, as an unset field of the old server's documents was.
  gender: z.string().describe('"" when not given.'),
  age: z.number().int().optional().describe("Left out when not given."),
  ethnicity: z.string().describe('"" when not given.'),
  community: z.string().describe('"" when not given.'),
});

/** Another person's account as an administrator sees it through the API: no demographics. */
export const userSummaryJsonSchema = userJsonSchema.pick({ _id: true, username: true, email: true, roleType: true });

export const authResponseSchema = z.object({ result: userJsonSchema, token: z.string() });
export const messageResponseSchema = z.object({ message: z.string(), _id: z.string().optional() });

/** An old client sends every field of its form; empty ones mean "keep", numbers may be text. */
function apiFormValues(value: unknown) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const cleaned: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === "" || field === null) continue;
    cleaned[key] = key === "age" && typeof field === "string" && /^-?\d+$/.test(field.trim()) ? Number(field) : field;
  }
  return cleaned;
}

export const signUpApiSchema = z.preprocess(apiFormValues, signUpSchema);

/**
 * The old client's profile call sends an optional `password` alone; the repeat is the form's business, so a
 * missing confirmPassword is taken to equal it.
 */
export const profileUpdateApiSchema = z.preprocess((value) => {
  const cleaned = apiFormValues(value) as Record<string, unknown>;
  if (
    cleaned &&
    typeof cleaned === "object" &&
    cleaned.password !== undefined &&
    cleaned.confirmPassword === undefined
  ) {
    return { ...cleaned, confirmPassword: cleaned.password };
  }
  return cleaned;
}, profileUpdateSchema);

export const roleUpdateSchema = z.object({ roleType: z.enum(ROLES, { error: "roleType must be Admin or User." }) });

export const apiResetPasswordSchema = z.object({ newPassword: newPasswordSchema });
