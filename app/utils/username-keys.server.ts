import type { PrismaClient } from "~/generated/prisma/client";
import { usernameKeys } from "~/lib/username-key";
import { nfkc } from "~/lib/nfkc";
import { USERNAME_MAX_LENGTH } from "~/schemas/user";
import { log } from "~/utils/logger.server";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

type StoredName = { id: string; username: string; usernameKey: string; usernameShapeKey: string };
type NewName = {
  id: string;
  username: string;
  usernameKey: string;
  usernameShapeKey: string;
  renamedFrom: string | null;
};

/** `username` cut so that it, "-" and `suffix` fit the column; in NFKC, as every stored name is. */
function withSuffix(username: string, suffix: string) {
  const room = USERNAME_MAX_LENGTH - 1 - suffix.length;
  const chars = Array.from(username);
  let head = username;
  while (chars.length > 0 && (head = nfkc(chars.join(""))).length > room) chars.pop();
  if (chars.length === 0) head = "";
  return `${head}-${suffix}`;
}

/**
 * What every account's name and keys become under the current rule, given the accounts oldest first.
 * Accounts whose names collide (either key) keep the name in the order they were made: the oldest keeps
 * it, every later one is renamed to the name (cut to fit) plus "-" and the first six characters of its id,
 * as the earlier username migration did ("ana-3f9c2b"); more of the id if even that is taken. Names that
 * are kept are settled first, so a new suffixed name never takes the name of a later account.
 * Only rows that change are returned.
 */
function planUsernameKeys(oldestFirst: StoredName[]): NewName[] {
  const takenKeys = new Set<string>();
  const takenShapes = new Set<string>();
  const isFree = (keys: ReturnType<typeof usernameKeys>) =>
    !takenKeys.has(keys.usernameKey) && !takenShapes.has(keys.usernameShapeKey);
  const take = (keys: ReturnType<typeof usernameKeys>) => {
    takenKeys.add(keys.usernameKey);
    takenShapes.add(keys.usernameShapeKey);
  };

  const settled = new Map<string, NewName>();
  const losers: StoredName[] = [];
  for (const row of oldestFirst) {
    const keys = usernameKeys(row.username);
    if (!isFree(keys)) {
      losers.push(row);
      continue;
    }
    take(keys);
    settled.set(row.id, { id: row.id, username: row.username, ...keys, renamedFrom: null });
  }
  for (const row of losers) {
    let renamed: NewName | undefined;
    for (let length = 6; length <= row.id.length && !renamed; length += 2) {
      const username = withSuffix(row.username, row.id.slice(0, length));
      const keys = usernameKeys(username);
      if (isFree(keys)) renamed = { id: row.id, username, ...keys, renamedFrom: row.username };
    }
    // Ids are unique, so a name ending in the whole id is always free; this is a guard, not a path.
    if (!renamed) throw new Error(`No free username for account ${row.id}`);
    take(renamed);
    settled.set(row.id, renamed);
  }
  return oldestFirst
    .map((row) => settled.get(row.id)!)
    .filter((next, index) => {
      const row = oldestFirst[index];
      return (
        next.username !== row.username ||
        next.usernameKey !== row.usernameKey ||
        next.usernameShapeKey !== row.usernameShapeKey
      );
    });
}

/**
 * The data step that gives every existing account the keys of the current rule (app/lib/username-key.ts),
 * renaming the later of two accounts that now collide (each rename is logged with the account's id).
 * Changed rows first get placeholders that begin with U+0001, which no real name or key does, so no
 * unique index sees two rows with one name halfway through; then the final values.
 */
export async function recomputeUsernameKeys(tx: Tx) {
  const rows = await tx.user.findMany({
    select: { id: true, username: true, usernameKey: true, usernameShapeKey: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const changes = planUsernameKeys(rows);
  if (changes.length === 0) return;
  const ids = changes.map((change) => change.id);
  await tx.$executeRaw`
    UPDATE "User" SET "username" = chr(1) || "id", "usernameKey" = chr(1) || "id", "usernameShapeKey" = chr(1) || "id"
    WHERE "id" = ANY(${ids}::text[])`;
  await tx.$executeRaw`
    UPDATE "User" AS "u" SET "username" = "v"."username", "usernameKey" = "v"."key", "usernameShapeKey" = "v"."shape"
    FROM unnest(${ids}::text[], ${changes.map((change) => change.username)}::text[], ${changes.map((change) => change.usernameKey)}::text[],
                ${changes.map((change) => change.usernameShapeKey)}::text[]) AS "v"("id", "username", "key", "shape")
    WHERE "u"."id" = "v"."id"`;
  const renamed = changes.filter((change) => change.renamedFrom !== null);
  for (const change of renamed) {
    log("warn", "username renamed: it looks like an older account's", {
      userId: change.id,
      from: change.renamedFrom,
      to: change.username,
    });
  }
  log("info", "username keys computed", { accounts: rows.length, changed: changes.length, renamed: renamed.length });
}
