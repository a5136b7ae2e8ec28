import * as z from "zod";
import { isCommonPassword } from "~/lib/common-passwords";
import { displayText, invisibleCharactersMessage } from "~/schemas/text";

// An account's words and fields: its limits, its messages and the rule of each field. The pages' forms
// are user-forms.ts, the API's shapes user-api.ts. Shared by the pages (through Conform's parseWithZod,
// which turns FormData strings into these types and empty fields into undefined) and by the JSON API
// (schema.safeParse(body)), so every rule lives once.

export const PASSWORD_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 50;
export const FEEDBACK_MAX_LENGTH = 5000;

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
export const ROLES = ["User", "Admin"] as const;

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

export const emailSchema = z
  .string({ error: userMessages.emailRequired })
  .trim()
  .min(1, userMessages.emailRequired)
  .max(254, userMessages.emailInvalid)
  .pipe(z.email(userMessages.emailInvalid));

export const ageSchema = z
  .number({ error: userMessages.ageInvalid })
  .int(userMessages.ageInvalid)
  .min(0, userMessages.ageInvalid)
  .max(150, userMessages.ageInvalid);
export const genderSchema = z.enum(GENDERS, { error: userMessages.genderInvalid });
export const ethnicitySchema = z.enum(ETHNICITIES, { error: userMessages.ethnicityInvalid });
export const communitySchema = z.enum(COMMUNITY_OPTIONS, { error: userMessages.communityInvalid });

/** Runs the cross-field check even when another field failed, so every message shows at once. */
export function bothStrings(payload: { value: unknown }, a: string, b: string) {
  const value = payload.value as Record<string, unknown> | undefined;
  return typeof value?.[a] === "string" && typeof value?.[b] === "string";
}

export const newPasswordSchema = z
  .string({ error: userMessages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort)
  .refine((password) => !isCommonPassword(password), userMessages.passwordTooCommon);
