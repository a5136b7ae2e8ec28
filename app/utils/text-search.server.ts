import { Prisma } from "~/generated/prisma/client";
import { LIST_COUNT_CAP } from "~/schemas/page";
import { prisma } from "~/utils/db.server";

// The admin lists' search box: the rows with the query in any of some text columns, in any case.

/** The `where` for the rows with the query in any of `fields`; undefined (no filter) for an empty query. */
export function containsQuery<Where>(q: string | null | undefined, fields: readonly string[]): Where | undefined {
  const query = q?.trim();
  if (!query) return undefined;
  return { OR: fields.map((field) => ({ [field]: { contains: query, mode: "insensitive" } })) } as Where;
}

/**
 * How many rows of `table` match as `containsQuery` does, counted up to LIST_COUNT_CAP + 1 (more reads as
 * "more than"). In SQL of our own: Prisma's count with `take` orders its rows by id first, a walk of the
 * primary key with a table read per row, where any first rows will do. Table and columns are our own names.
 */
export async function countContaining(table: string, columns: readonly string[], q: string | null | undefined) {
  const pattern = q?.trim() ? `%${q.trim()}%` : null;
  const matches = Prisma.join(
    columns.map((column) => Prisma.sql`${Prisma.raw(`"${column}"`)} ILIKE ${pattern}`),
    " OR ",
  );
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM (
      SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE ${pattern}::text IS NULL OR ${matches} LIMIT ${LIST_COUNT_CAP + 1}
    ) AS "matching"`;
  return row.count;
}
