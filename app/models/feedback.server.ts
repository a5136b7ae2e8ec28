import { prisma } from "~/utils/db.server";

export const feedbackSelect = {
  id: true,
  username: true,
  email: true,
  feedback: true,
  isResolved: true,
  userId: true,
  createdAt: true,
} as const;

/** Stores a feedback message; userId links it to the account that sent it (null from the public API). */
export function createFeedback(input: { username: string; email: string; feedback: string; userId?: string | null }) {
  return prisma.feedback.create({
    data: { username: input.username, email: input.email, feedback: input.feedback, userId: input.userId ?? null },
    select: feedbackSelect,
  });
}
