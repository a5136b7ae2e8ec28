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
    if (!Array.isArray(key) || key.length !== length || !key.every((part) => typeof part === "string" && part.length <= 64)) return null;
    return key as string[];
  } catch {
    return null;
  }
}

/**
 * One page out of `take + 1` rows read in the list's order: the first `take`, and the cursor after the
 * last of them when the extra row shows that more follow (null on the last page).
 */
export function pageOf<Row>(rows: Row[], take: number, keyOf: (row: Row) => readonly string[]): { rows: Row[]; next: string | null } {
  const page = rows.slice(0, take);
  return { rows: page, next: rows.length > take && page.length > 0 ? encodeCursor(keyOf(page.at(-1)!)) : null };
}
