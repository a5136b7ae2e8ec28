import * as z from "zod";
import { isCommonPassword } from "~/lib/common-passwords";
import { idSchema } from "~/schemas/id";
import { displayText } from "~/schemas/text";
import {
  ageSchema,
  bothStrings,
  communitySchema,
  emailSchema,
  ethnicitySchema,
  FEEDBACK_MAX_LENGTH,
  genderSchema,
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
  ROLES,
  usernameSchema,
  userMessages,
} from "~/schemas/user";

// What the account pages' forms take: sign-in, sign-up, password reset, the profile, feedback, and the
// admin Profiles area. The API reads the same schemas (user-api.ts).

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: userMessages.passwordRequired }).min(1, userMessages.passwordRequired),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: z
      .string({ error: userMessages.passwordRequired })
      .min(PASSWORD_MIN_LENGTH, userMessages.passwordRequirementsNotMet)
      .refine((password) => !isCommonPassword(password), userMessages.passwordTooCommon),
    confirmPassword: z.string({ error: userMessages.confirmPasswordRequired }),
    gender: genderSchema.optional(),
    age: ageSchema.optional(),
    ethnicity: ethnicitySchema.optional(),
    community: communitySchema.optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: userMessages.passwordsDiffer,
    when: (payload) => bothStrings(payload, "password", "confirmPassword"),
  });

export const resetRequestSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: userMessages.confirmPasswordRequired }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: userMessages.passwordsDiffer,
    when: (payload) => bothStrings(payload, "newPassword", "confirmPassword"),
  });

/** Deleting one's own account (the profile page's dialog, and the API on one's own id). */
export const deleteProfileSchema = z.object({
  currentPassword: z
    .string({ error: userMessages.deleteProofRequired })
    .min(1, userMessages.deleteProofRequired)
    .describe("The account's current password: deleting one's own account needs it, however recent the sign-in."),
});

/**
 * Profile update: every field optional, an empty one keeps the current value. A new password
 * is checked only when one of the two password fields is filled.
 */
export const profileUpdateSchema = z
  .object({
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    gender: genderSchema.optional(),
    age: ageSchema.optional(),
    ethnicity: ethnicitySchema.optional(),
    community: communitySchema.optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
    // Proof of ownership for a new email or password; the user model decides when it is needed.
    currentPassword: z
      .string()
      .optional()
      .describe(
        "The account's current password: needed to change email or password unless the session signed in within the last 10 minutes.",
      ),
  })
  .superRefine((value, ctx) => {
    if (value.password === undefined && value.confirmPassword === undefined) return;
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: userMessages.profilePasswordsDiffer });
    }
    if ((value.password ?? "").length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["password"], message: userMessages.passwordRequirementsNotMet });
    } else if (isCommonPassword(value.password ?? "")) {
      ctx.addIssue({ code: "custom", path: ["password"], message: userMessages.passwordTooCommon });
    }
  });

/**
 * Feedback is always sent by a signed-in person and stored under their account's own name and email
 * (one person, one voice). Old clients still send `username` and `email`; they are accepted and
 * ignored, whatever they say.
 */
export const feedbackSchema = z.object({
  username: z.unknown().optional().describe("Ignored: the feedback is stored under the signed-in account's username."),
  email: z.unknown().optional().describe("Ignored: the feedback is stored under the signed-in account's email."),
  feedback: displayText({
    label: "Feedback",
    required: userMessages.feedbackRequired,
    max: FEEDBACK_MAX_LENGTH,
    tooLong: userMessages.feedbackTooLong,
    multiline: true,
  }),
});

const roleSchema = z.enum(ROLES);

/** The admin Profiles area: change a user's role, or delete the account (each after a confirmation). */
export const profilesIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("changeRole"), id: idSchema(userMessages.userNotFound), role: roleSchema }),
  z.object({ intent: z.literal("delete"), id: idSchema(userMessages.userNotFound) }),
]);
