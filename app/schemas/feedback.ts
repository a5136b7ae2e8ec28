import * as z from "zod";
import { idSchema } from "~/schemas/id";

/** What the API answers for one feedback message; username and email are null once its sender's account is deleted. */
export const feedbackJsonSchema = z.object({
  _id: z.string(),
  // Always strings, as the old server sent them (its admin page calls username.toLowerCase() on every row):
  // feedback whose author deleted their account says "deleted account" and "", never the erased values.
  username: z.string().describe('The sender\'s username; "deleted account" once the sender deleted their account.'),
  email: z.string().describe('The sender\'s email; "" (empty) once the sender deleted their account.'),
  feedback: z.string(),
  isResolved: z.boolean(),
});

export const feedbackStatusSchema = z.object({
  isResolved: z.boolean({ error: "isResolved must be true or false." }),
});

export const feedbackMessages = {
  deleteConfirm: "Are you sure you want to delete this feedback?",
  deleted: "The feedback was deleted.",
  deletedFrom: (sender: string | null) =>
    sender === null ? "The feedback from a deleted account was deleted." : `The feedback from ${sender} was deleted.`,
  resolved: "The feedback was marked as resolved.",
  pending: "The feedback was marked as pending.",
  notFound: "Feedback not found.",
  deletedAccount: "deleted account",
} as const;

/** The admin Feedback area: mark a message resolved or pending, or delete it (after a confirmation). */
export const feedbackIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("setStatus"),
    id: idSchema(feedbackMessages.notFound),
    isResolved: z.enum(["true", "false"]),
  }),
  z.object({ intent: z.literal("delete"), id: idSchema(feedbackMessages.notFound) }),
]);
