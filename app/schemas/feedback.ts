import * as z from "zod";

/** What the API answers for one feedback message (SPEC §3). */
export const feedbackJsonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  feedback: z.string(),
  isResolved: z.boolean(),
});
export type FeedbackJson = z.infer<typeof feedbackJsonSchema>;

export const feedbackStatusSchema = z.object({
  isResolved: z.boolean({ error: "isResolved must be true or false." }),
});

export const feedbackMessages = {
  deleteConfirm: "Are you sure you want to delete this feedback?",
  deleted: "The feedback was deleted.",
  resolved: "The feedback was marked as resolved.",
  pending: "The feedback was marked as pending.",
  notFound: "Feedback not found.",
} as const;
