// Accounts as administrators list them and as the JSON API answers them.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { keysetOrder } from "~/utils/page-cursor.server";
import { ADMIN_LIST_PAGE, LIST_COUNT_CAP } from "~/schemas/page";
import { publicUserSelect, type PublicUser } from "~/models/user.server";

const userSearch = (q: string | null | undefined): Prisma.UserWhereInput | undefined => {
  const query = q?.trim();
  return query
    ? {
        OR: [
          { username: { contains: query, mode: "insensitive" } },
          { email: { contains: query, mode: "insensitive" } },
        ],
      }
    : undefined;
};

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
  const rows = await prisma.user.findMany({
    where: { AND: [userSearch(q) ?? {}, userOrder.afterCursor(cursor)] },
    orderBy: userOrder.orderBy,
    take: take + 1,
    select: publicUserSelect,
  });
  const page = userOrder.page(rows, take);
  return { users: page.rows, next: page.next };
}

/**
 * How many accounts match the query (as `userSearch` does: `contains`, any case), counted in SQL up to
 * LIST_COUNT_CAP + 1 (more reads as "more than"). In SQL of our own: Prisma's count with `take` orders its
 * rows by id first, a walk of the primary key with a table read per row, where any first rows will do.
 */
export async function countMatchingUsers(q?: string | null) {
  const pattern = q?.trim() ? `%${q.trim()}%` : null;
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM (
      SELECT 1 FROM "User" WHERE ${pattern}::text IS NULL OR "username" ILIKE ${pattern} OR "email" ILIKE ${pattern} LIMIT ${LIST_COUNT_CAP + 1}
    ) AS "matching"`;
  return row.count;
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
