import type { Prisma } from "~/generated/prisma/client";
import type { Refusal } from "~/models/refusal";
import { feedbackMessages } from "~/schemas/feedback";
import { prisma } from "~/utils/db.server";
import { newestFirst } from "~/utils/page-cursor.server";
import { ADMIN_LIST_PAGE } from "~/schemas/page";
import { containsQuery, countContaining } from "~/utils/text-search.server";

const feedbackSelect = {
  id: true,
  username: true,
  email: true,
  feedback: true,
  isResolved: true,
  userId: true,
  createdAt: true,
} as const;

type FeedbackRow = Prisma.FeedbackGetPayload<{ select: typeof feedbackSelect }>;

/** Every refusal of a feedback change, for the admin page and the API alike. */
export const feedbackRefusals = {
  "not-found": { status: 404, message: feedbackMessages.notFound },
} as const satisfies Record<string, Refusal>;

/**
 * Stores a feedback message under the account that sent it: its own username and email at the time,
 * never what the form or body said (one person, one voice).
 */
export function createFeedback(author: { id: string; username: string; email: string }, feedback: string) {
  return prisma.feedback.create({
    data: { username: author.username, email: author.email, feedback, userId: author.id },
    select: feedbackSelect,
  });
}

type Tx = Prisma.TransactionClient;

/**
 * Inside the caller's transaction, before an account is deleted: its messages stay for the admins, but
 * without the name and email the consent text lets a person delete with their account.
 */
export async function eraseFeedbackAuthor(tx: Tx, userId: string) {
  await tx.feedback.updateMany({ where: { userId }, data: { username: null, email: null } });
}

const searched = ["username", "email", "feedback"];

type FeedbackPage = { feedback: FeedbackRow[]; next: string | null };

/**
 * One page of the feedback whose username, email or text contains the query (all when empty), newest
 * first, `take` at most, starting after `cursor` (from the previous page's `next`; null for the first
 * page, and for a cursor we did not make). Read through an index in this order: the cost is the page's,
 * not the number of messages.
 */
const feedbackOrder = newestFirst<Prisma.FeedbackWhereInput, Prisma.FeedbackOrderByWithRelationInput>();

export async function listFeedback({
  q,
  cursor = null,
  take = ADMIN_LIST_PAGE.defaultSize,
}: { q?: string | null; cursor?: string | null; take?: number } = {}): Promise<FeedbackPage> {
  const where = containsQuery<Prisma.FeedbackWhereInput>(q, searched);
  const page = await feedbackOrder.findPage({ where, cursor, take }, (args) =>
    prisma.feedback.findMany({ ...args, select: feedbackSelect }),
  );
  return { feedback: page.rows, next: page.next };
}

/** How many messages have the query in their username, email or text, up to LIST_COUNT_CAP + 1. */
export function countMatchingFeedback(q?: string | null) {
  return countContaining("Feedback", searched, q);
}

export function getFeedback(id: string) {
  return prisma.feedback.findUnique({ where: { id }, select: feedbackSelect });
}

/** True when it existed; deleteMany so a concurrent delete is not an error. */
export async function deleteFeedback(id: string) {
  return (await prisma.feedback.deleteMany({ where: { id } })).count === 1;
}

/** The updated feedback, or null when it does not exist. */
export async function setFeedbackResolved(id: string, isResolved: boolean) {
  const { count } = await prisma.feedback.updateMany({ where: { id }, data: { isResolved } });
  return count === 1 ? getFeedback(id) : null;
}

export function countPendingFeedback() {
  return prisma.feedback.count({ where: { isResolved: false } });
}

/**
 * The API's feedback object. The old server always sent `username` and `email` as strings, and the old
 * admin page breaks on anything else: a deleted author reads "deleted account" with an empty email, which
 * says nothing about the person (their name and email were erased and are never sent again).
 */
export function toFeedbackJson(row: FeedbackRow) {
  return {
    _id: row.id,
    username: row.username ?? feedbackMessages.deletedAccount,
    email: row.email ?? "",
    feedback: row.feedback,
    isResolved: row.isResolved,
  };
}
