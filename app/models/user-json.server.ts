// Accounts as administrators list them and as the JSON API answers them.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { keysetOrder } from "~/utils/page-cursor.server";
import { ADMIN_LIST_PAGE } from "~/schemas/page";
import { containsQuery, countContaining } from "~/utils/text-search.server";
import { publicUserSelect, type PublicUser } from "~/models/user.server";

export type UserPage = { users: PublicUser[]; next: string | null };

/** By username, which is unique, so it orders the accounts fully. */
const userOrder = keysetOrder<Prisma.UserWhereInput, Prisma.UserOrderByWithRelationInput>(["username", "asc", "text"]);

/**
 * One page of the accounts whose username or email contains the query (all when empty), by username
 * (which is unique, so it orders them fully), `take` at most, starting after `cursor` (from the previous
 * page's `next`; null for the first page, and for a cursor we did not make). Read through the username's
 * unique index: the cost is the page's, not the number of accounts.
 */
export async function listUsers({
  q,
  cursor = null,
  take = ADMIN_LIST_PAGE.defaultSize,
}: { q?: string | null; cursor?: string | null; take?: number } = {}): Promise<UserPage> {
  const where = containsQuery<Prisma.UserWhereInput>(q, ["username", "email"]);
  const page = await userOrder.findPage({ where, cursor, take }, (args) =>
    prisma.user.findMany({ ...args, select: publicUserSelect }),
  );
  return { users: page.rows, next: page.next };
}

/** How many accounts have the query in their username or email, up to LIST_COUNT_CAP + 1. */
export function countMatchingUsers(q?: string | null) {
  return countContaining("User", ["username", "email"], q);
}

export function countUsers() {
  return prisma.user.count();
}

/**
 * An account as others see it: name, email and role. A person's age, gender, ethnicity and community are
 * theirs: the API shows them only to that person, and administrators see them only as counts of five or
 * more (the analytics page).
 */
export function toUserSummaryJson(user: Pick<PublicUser, "id" | "username" | "email" | "role">) {
  return { _id: user.id, username: user.username, email: user.email, roleType: user.role };
}

/** The account as the caller `viewerId` may see it: all of it when it is their own, else the summary. */
export function toUserJsonFor(user: PublicUser, viewerId: string) {
  return user.id === viewerId ? toUserJson(user) : toUserSummaryJson(user);
}

/** The API's user object, in the old server's names: never a hash, since PublicUser has none. */
export function toUserJson(user: PublicUser) {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    roleType: user.role,
    // Old clients read these as strings and a number, never null (docs/api.md, the Spring 2025 web client).
    gender: user.gender ?? "",
    ...(user.age === null ? {} : { age: user.age }),
    ethnicity: user.ethnicity ?? "",
    community: user.community ?? "",
  };
}
