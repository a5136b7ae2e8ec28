import * as z from "zod";
import { isCommonPassword } from "~/lib/common-passwords";
import { idSchema } from "~/schemas/id";
import { displayText, invisibleCharactersMessage } from "~/schemas/text";

// Shared by the pages (through Conform's parseWithZod, which turns FormData strings into these types and
// empty fields into undefined) and by the JSON API (schema.safeParse(body)), so every rule lives once.

export const PASSWORD_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 50;
const FEEDBACK_MAX_LENGTH = 5000;

export const GENDERS = ["Male", "Female", "Other", "Prefer Not To Say"] as const;
export const ETHNICITIES = [
  "Asian",
  "Hispanic/Latino",
  "Black/African American",
  "American Indian/Alaska Native",
  "Native Hawaiian/Pacific Islander",
  "White",
  "Prefer not to answer",
  "Other",
] as const;
export const COMMUNITY_OPTIONS = ["Yes", "No"] as const;
const ROLES = ["User", "Admin"] as const;

/** The account messages, one table for the pages and the API, so both word each rule alike. */
export const userMessages = {
  usernameRequired: "Username is required.",
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters.`,
  usernameInvisible: invisibleCharactersMessage("Username"),
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  confirmPasswordRequired: "Please repeat the password.",
  passwordTooShort: "Password must be at least 4 characters long.",
  passwordRequirementsNotMet: "Password requirements not met.",
  passwordsDiffer: "Passwords do not match.",
  passwordTooCommon: "This password is one of the 1,000 most common, which are guessed first. Please choose another.",
  profilePasswordsDiffer: "Passwords do not match!",
  ageInvalid: "Age must be a whole number from 0 to 150.",
  genderInvalid: "Please choose a gender from the list.",
  ethnicityInvalid: "Please choose an ethnicity from the list.",
  communityInvalid: "Please choose Yes or No.",
  feedbackRequired: "Feedback is required.",
  feedbackTooLong: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters.`,
  feedbackInvisible: invisibleCharactersMessage("Feedback"),
  signInFailed: "Sign-in failed. Please check your credentials.",
  signInSuccess: "Signed in successfully!",
  signInLinkSent: "We sent you a link to finish signing in. Please open it from your email within 15 minutes.",
  signInLinkOffered:
    "Very many sign-ins come from your network just now, so we did not check a password here. If this email has an account, we have sent it a link to sign in: please open it within 15 minutes.",
  signInLinkInvalid: "This sign-in link is invalid, has expired or has already been used.",
  signUpFailed: "An error occurred during signup.",
  signUpRetry: "Please try again.",
  signUpSuccess: "Account created successfully!",
  usernameTaken: "This username is already taken.",
  emailTaken: "An account with this email already exists.",
  resetLinkSent: "Password reset link has been sent to your email.",
  resetLinkError: "Error sending reset link.",
  resetLinkInvalid: "This password reset link is invalid, has expired or has already been used.",
  passwordResetDone: "Your password has been reset. Please sign in with your new password.",
  profileUpdated: "Profile Updated!",
  // The same whatever the address: whether another account has it is never said (docs/security.md).
  emailChangeSent: (email: string) => `We sent a link to ${email}: your email changes when you open it.`,
  emailChangeInvalid: "This email confirmation link is invalid, has expired or has already been used.",
  emailChangeTaken: "Another account now has this email, so yours was not changed.",
  emailChangeDone: (email: string) => `Your email is now ${email}.`,
  profileUpdateFailed: "An error occurred while updating your profile. Please try again.",
  noProfileChanges: "No changes were made to the profile.",
  adminPrivateFields: "Administrators cannot see or set a user's age, gender, ethnicity or community: leave them out.",
  feedbackSent: "Thank you! Your feedback has been sent.",
  profileDeleted: "Your profile has been deleted.",
  userDeleted: "The user was deleted.",
  roleChanged: (username: string, role: string) => `${username}'s role was changed to ${role}.`,
  deletedByAdmin: (username: string) => `${username} was deleted.`,
  lastAdmin:
    "The last administrator can neither lose the Admin role nor be deleted: make another user an administrator first.",
  userNotFound: "User not found.",
  proofRequired: "Enter your current password to change your email or password.",
  wrongCurrentPassword: "The current password is not correct.",
  notYourProfile: "You may only update your own profile.",
  notYourAccount: "You may only delete your own profile.",
  deleteProofRequired: "Enter your current password to delete your profile.",
  notYourUser: "You may only see your own account.",
  signedOut: "You have been signed out.",
} as const;

/** After a profile update: a new email is only asked for, so the answer says where its link went, for any address. */
export function profileUpdatedMessage(updated: { changed: boolean; emailPending: string | null }) {
  if (updated.emailPending === null) return userMessages.profileUpdated;
  const sent = userMessages.emailChangeSent(updated.emailPending);
  return updated.changed ? `${userMessages.profileUpdated} ${sent}` : sent;
}

/** Stored in its NFKC form, so "Ａｎａ" (fullwidth) is saved as "Ana"; no invisible characters at all. */
export const usernameSchema = displayText({
  label: "Username",
  required: userMessages.usernameRequired,
  max: USERNAME_MAX_LENGTH,
  tooLong: userMessages.usernameTooLong,
  normalize: true,
});

const emailSchema = z
  .string({ error: userMessages.emailRequired })
  .trim()
  .min(1, userMessages.emailRequired)
  .max(254, userMessages.emailInvalid)
  .pipe(z.email(userMessages.emailInvalid));

const ageSchema = z
  .number({ error: userMessages.ageInvalid })
  .int(userMessages.ageInvalid)
  .min(0, userMessages.ageInvalid)
  .max(150, userMessages.ageInvalid);
const genderSchema = z.enum(GENDERS, { error: userMessages.genderInvalid });
const ethnicitySchema = z.enum(ETHNICITIES, { error: userMessages.ethnicityInvalid });
const communitySchema = z.enum(COMMUNITY_OPTIONS, { error: userMessages.communityInvalid });

/** Runs the cross-field check even when another field failed, so every message shows at once. */
function bothStrings(payload: { value: unknown }, a: string, b: string) {
  const value = payload.value as Record<string, unknown> | undefined;
  return typeof value?.[a] === "string" && typeof value?.[b] === "string";
}

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

const newPasswordSchema = z
  .string({ error: userMessages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort)
  .refine((password) => !isCommonPassword(password), userMessages.passwordTooCommon);

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

// ---------------------------------------------------------------------------------------------------
// JSON API shapes. The request schemas reuse the form rules above; the response schemas
// describe what the serialisers in app/models/user.server.ts produce.

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
