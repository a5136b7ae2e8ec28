// Keyset pagination: a page ends with a cursor naming its last row's sort key, and the next page starts
// strictly after it. Unlike an offset, it costs the same on page 1 and page 400, and rows added or
// deleted meanwhile never make a page repeat or skip one.

/** The cursor for a row whose sort key is `key` (values in sort order). Opaque to clients. */
function encodeCursor(key: readonly string[]) {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key a cursor names, or null when it is not one we made (wrong shape, length or encoding). */
export function decodeCursor(cursor: string, length: number): string[] | null {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      !Array.isArray(key) ||
      key.length !== length ||
      !key.every((part) => typeof part === "string" && part.length <= 64)
    )
      return null;
    return key as string[];
  } catch {
    return null;
  }
}

/**
 * One page out of `take + 1` rows read in the list's order: the first `take`, and the cursor after the
 * last of them when the extra row shows that more follow (null on the last page).
 */
export function pageOf<Row>(
  rows: Row[],
  take: number,
  keyOf: (row: Row) => readonly string[],
): { rows: Row[]; next: string | null } {
  const page = rows.slice(0, take);
  return { rows: page, next: rows.length > take && page.length > 0 ? encodeCursor(keyOf(page.at(-1)!)) : null };
}

/** One column of a list's order: its name, its direction, and whether the cursor holds it as a date or text. */
type KeyColumn = readonly [field: string, order: "asc" | "desc", kind: "date" | "text"];
type KeyValue = string | Date;

/**
 * A list's order, read a page at a time (decision 046): the `orderBy` to read in, the `where` for the rows
 * strictly after a given row (`after`, or `afterCursor` from a cursor this order made), and the page with
 * the cursor after its last row. Every keyset list is one of these, so the tie-breaks are written once.
 * `Where` and `OrderBy` are the model's Prisma input types.
 */
export function keysetOrder<Where, OrderBy>(...columns: readonly KeyColumn[]) {
  const after = (values: readonly KeyValue[]): Where => {
    // Row > key in this order: equal on the first i columns and beyond the key on column i, for some i.
    const branches = columns.map(([field, order], i) => {
      const equal = Object.fromEntries(columns.slice(0, i).map(([name], j) => [name, values[j]]));
      return { ...equal, [field]: { [order === "desc" ? "lt" : "gt"]: values[i] } };
    });
    return (branches.length === 1 ? branches[0] : { OR: branches }) as Where;
  };
  return {
    orderBy: columns.map(([field, order]) => ({ [field]: order })) as OrderBy[],
    after,
    /** The rows after the cursor's row; every row for no cursor, or for one this order did not make. */
    afterCursor(cursor: string | null): Where {
      const key = cursor ? decodeCursor(cursor, columns.length) : null;
      if (!key || columns.some(([, , kind], i) => kind === "date" && Number.isNaN(Date.parse(key[i]))))
        return {} as Where;
      return after(key.map((part, i) => (columns[i][2] === "date" ? new Date(part) : part)));
    },
    /** One page out of `take + 1` rows read in this order, with the cursor after its last row. */
    page<Row extends Record<string, unknown>>(rows: Row[], take: number) {
      return pageOf(rows, take, (last) => columns.map(([field]) => keyText(last[field])));
    },
    /**
     * The page of the rows `where` picks (all for none) after the cursor's row, `take` at most: `find`
     * reads them with the model's own select, given the where, the order and one row more than the page.
     */
    async findPage<Row extends Record<string, unknown>>(
      { where, cursor, take }: { where: Where | undefined; cursor: string | null; take: number },
      find: (args: { where: Where; orderBy: OrderBy[]; take: number }) => Promise<Row[]>,
    ) {
      const rows = await find({
        where: { AND: [where ?? {}, this.afterCursor(cursor)] } as Where,
        orderBy: this.orderBy,
        take: take + 1,
      });
      return this.page(rows, take);
    },
  };
}

function keyText(value: unknown) {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Newest first, the id breaking ties: the admin lists of feedback, notices and reports, and the reports API. */
export const newestFirst = <Where, OrderBy>() =>
  keysetOrder<Where, OrderBy>(["createdAt", "desc", "date"], ["id", "desc", "text"]);
