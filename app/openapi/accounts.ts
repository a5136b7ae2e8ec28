import * as z from "zod";
import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import {
  FEEDBACK_API_PAGE,
  feedbackPageQuerySchema,
  type PageSize,
  USER_API_PAGE,
  userPageQuerySchema,
} from "~/schemas/page";
import { feedbackJsonSchema, feedbackStatusSchema } from "~/schemas/feedback";
import {
  apiResetPasswordSchema,
  authResponseSchema,
  messageResponseSchema,
  profileUpdateApiSchema,
  roleUpdateSchema,
  signUpApiSchema,
  userJsonSchema,
  userSummaryJsonSchema,
} from "~/schemas/user-api";
import { feedbackSchema, deleteProfileSchema, resetRequestSchema, signInSchema } from "~/schemas/user-forms";

const users = "Users";

const auth = "Password reset";
/** The two addresses that mail a reset link take and answer the same. */
const resetLinkRequest = {
  tag: auth,
  access: "public",
  body: resetRequestSchema,
  success: { status: 200, description: "Sent", schema: { text: "Password reset link has been sent to your email." } },
  errors: [429, 503],
} satisfies Partial<EndpointDoc>;
const feedback = "Feedback";

/** What a paged list's description says: its sizes, the Link header, and why the first page is large. */
const paged = (path: string, noun: string, size: PageSize) =>
  `A page holds \`limit\` ${noun} (${size.defaultSize} by default, at most ${size.maxSize}); when there are more, the answer carries ` +
  `\`Link: <${path}?cursor=…&limit=…>; rel="next"\`, and the last page has no Link. The answer stays a bare array of the same ` +
  `objects as before paging; a client that never follows the Link (the Spring 2025 client) gets the first ${size.defaultSize}.`;

export const accountsEndpoints: EndpointDoc[] = [
  endpoint({
    method: "post",
    path: "/api/user/signin",
    summary: "Sign in: answers the user and a bearer token (also sets the session cookie and the device cookie)",
    description:
      "Every successful sign-in also sets `__device`, a signed cookie naming the account, valid a year. While an account has had " +
      "20 or more failed sign-ins within the hour, from anywhere, the right password from a client that does not send that " +
      "account's `__device` cookie starts no session: the answer is 202 with a message, and a one-time sign-in link (15 minutes) " +
      "is mailed to the account's address. A client that keeps cookies (the old client does) signs in as usual. A wrong " +
      "password is 401 whatever the account's state; failures never delay an answer. Once the caller's address has reached its " +
      "sign-in limits (failures or attempts, counted per address and per address and account), no password is compared: every " +
      "attempt is 202 with a message saying a sign-in link was mailed if the email has an account, and it is. Sign-in is never 429.",
    tag: users,
    access: "public",
    body: signInSchema,
    success: { status: 200, description: "Signed in", schema: authResponseSchema },
    alsoAnswers: [
      {
        status: 202,
        description:
          "Right password from an unknown device while the account is under attack, or any attempt past the address's sign-in limits: a link was mailed (if the account exists), no session",
        schema: messageResponseSchema,
      },
    ],
    errors: [401, 429],
  }),
  endpoint({
    method: "post",
    path: "/api/user/signup",
    summary: "Create an account (role User) and sign in",
    description:
      "409 when the email or the username is taken; a username is taken when it only differs from an existing one by case, compatibility form (fullwidth letters) or look-alike characters (Unicode UTS #39 confusables, e.g. a Cyrillic а for a Latin a).",
    tag: users,
    access: "public",
    body: signUpApiSchema,
    success: { status: 201, description: "Account created", schema: authResponseSchema },
    errors: [409, 429],
  }),
  endpoint({
    method: "post",
    path: "/api/user/logout",
    summary: "Sign out: revokes the bearer token, or the cookie session, the call was made with",
    description:
      "Answers 200 whether or not the caller was signed in. With a session cookie (and no Authorization " +
      "header) the call is a cookie-authenticated write: it needs the X-XSRF-TOKEN header, and the answer " +
      "also clears the cookie.",
    tag: users,
    access: "public",
    success: { status: 200, description: "Signed out", schema: messageResponseSchema },
    errors: [403],
  }),
  endpoint({
    method: "patch",
    path: "/api/user/updateProfile/{userId}",
    summary: "Update a profile (one's own, or anyone's as Admin); empty fields keep their value",
    description:
      "One's own new email is not applied at once: the answer is the user with the email unchanged and a `message` " +
      '("We sent a link to …: your email changes when you open it."), the same whether or not another account has ' +
      "the address; the link mailed to it changes the email when its page's button is pressed (`/confirm-email/{token}`, " +
      "single use, 24 hours), and if another account has the address its owner is mailed that someone tried, and no " +
      "link is sent. An administrator's change of another user's email applies at once (409 when taken: administrators " +
      "see every account's email anyway) and the old address is told. " +
      "Changing one's own email or password needs proof that the caller is the owner: send `currentPassword`, " +
      "or call within 10 minutes of signing in (the session or token's sign-in time, kept on the server). " +
      "Without it the answer is 403 with `fieldErrors.currentPassword` saying what is needed; a wrong current " +
      "password is 403 too, and repeated wrong ones 429. An administrator changing another user's email or " +
      "password needs no proof. Either change voids the user's outstanding reset links and ends their other " +
      "sessions (all of them when an administrator made it). One's own password sent again unchanged is no change " +
      "(no proof asked, no session ended); each such comparison counts like a guess of the current password. An " +
      'update that changes nothing (age "30" for 30, an email differing only in case) answers 200 with the user. ' +
      "An administrator may not send another user's gender, age, ethnicity or community: 400, whatever is stored. " +
      "Refused updates count against the account's hourly quota like accepted ones.",
    tag: users,
    access: "user",
    body: profileUpdateApiSchema,
    success: {
      status: 200,
      description:
        "The updated user: in full when it is one's own, else name, email and role; with `message` when a new email waits for its link",
      schema: z.union([userJsonSchema.extend({ message: z.string().optional() }), userSummaryJsonSchema]),
    },
    errors: [403, 409, 429],
  }),
  endpoint({
    method: "get",
    path: "/api/user/users",
    summary:
      "List users by username, a page at a time: name, email and role (a person's demographics are shown to them only)",
    description: paged("/api/user/users", "users", USER_API_PAGE),
    tag: users,
    access: "admin",
    query: userPageQuerySchema,
    pagedAt: "/api/user/users",
    success: { status: 200, description: "One page of users, by username", schema: z.array(userSummaryJsonSchema) },
  }),
  endpoint({
    method: "patch",
    path: "/api/user/updateRole/{id}",
    summary: "Change a user's role (the last administrator keeps Admin)",
    tag: users,
    access: "admin",
    body: roleUpdateSchema,
    success: {
      status: 200,
      description: "The updated user (name, email and role; one's own account in full)",
      schema: z.union([userJsonSchema, userSummaryJsonSchema]),
    },
    errors: [409],
  }),
  endpoint({
    method: "get",
    path: "/api/user/{id}",
    summary: "One user: one's own account in full, or anyone's name, email and role as Admin; never a password",
    tag: users,
    access: "user",
    success: { status: 200, description: "The user", schema: z.union([userJsonSchema, userSummaryJsonSchema]) },
    errors: [403],
  }),
  endpoint({
    method: "delete",
    path: "/api/user/{id}",
    summary: "Delete a user (Admin), or one's own account",
    description:
      "Deleting one's own account needs its current password in the body (`currentPassword`): 400 when it is " +
      "missing, 403 when wrong, 429 after repeated wrong ones. An administrator deleting another user sends no body.",
    tag: users,
    access: "user",
    body: deleteProfileSchema,
    success: { status: 200, description: "Deleted", schema: messageResponseSchema },
    errors: [403, 409, 429],
  }),
  endpoint({
    method: "post",
    path: "/api/auth/send-reset-link",
    summary: "Email a password reset link (same answer whether or not the account exists)",
    description:
      "The answer is the same, and takes the same time, for every address: the mail is sent after it. An address " +
      "gets at most a few mails an hour; requests past that are answered the same but send nothing. 429 comes " +
      "only from one client asking too often; 503 'Error sending reset link.' when the request cannot be recorded.",
    ...resetLinkRequest,
  }),
  endpoint({
    method: "post",
    path: "/api/send-reset-link",
    summary: "Email a password reset link (the standalone page's call)",
    ...resetLinkRequest,
  }),
  endpoint({
    method: "post",
    path: "/api/auth/reset-password/{token}",
    summary: "Set a new password with the emailed token (400 text/plain when invalid, expired or too short)",
    tag: auth,
    access: "public",
    body: apiResetPasswordSchema,
    success: {
      status: 200,
      description: "Password changed",
      schema: { text: "Your password has been reset. Please sign in with your new password." },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/feedback",
    summary: "List feedback, newest first, a page at a time",
    description: paged("/api/feedback", "messages", FEEDBACK_API_PAGE),
    tag: feedback,
    access: "admin",
    query: feedbackPageQuerySchema,
    pagedAt: "/api/feedback",
    success: { status: 200, description: "One page of feedback, newest first", schema: z.array(feedbackJsonSchema) },
  }),
  endpoint({
    method: "post",
    path: "/api/feedback/submit",
    summary: "Send feedback",
    tag: feedback,
    access: "user",
    body: feedbackSchema,
    success: { status: 201, description: "Stored", schema: feedbackJsonSchema },
    errors: [429],
  }),
  endpoint({
    method: "patch",
    path: "/api/feedback/{id}",
    summary: "Mark feedback resolved or pending",
    tag: feedback,
    access: "admin",
    body: feedbackStatusSchema,
    success: { status: 200, description: "The updated feedback", schema: feedbackJsonSchema },
  }),
  endpoint({
    method: "delete",
    path: "/api/feedback/{id}",
    summary: "Delete feedback",
    tag: feedback,
    access: "admin",
    success: { status: 200, description: "Deleted", schema: messageResponseSchema },
  }),
];
