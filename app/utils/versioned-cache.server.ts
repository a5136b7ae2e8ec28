import { prisma } from "~/utils/db.server";

/** The kinds of data only admins change; database triggers move each one's version on every write. */
export type DataKind = "trails" | "benches" | "videos";

async function currentVersion(kind: DataKind): Promise<bigint | null> {
  const row = await prisma.dataVersion.findUnique({ where: { name: kind }, select: { version: true } });
  return row?.version ?? null;
}

/** A kind's data held in memory: read it (one version query first), or read it at a version already known. */
export type VersionedCache<T> = {
  (): Promise<T>;
  /**
   * The data at `version`, which the caller read from `DataVersion` in its own query, after its request
   * began (for instance beside the counters it needed anyway): saves the version query. `null`, no
   * version row, reads through.
   */
  at(version: bigint | null): Promise<T>;
};

/**
 * Data that changes only on admin edits, kept in this process's memory and checked against the
 * version the database holds on every read: one primary-key lookup instead of the data's own queries.
 * The version is read before the data, so what is served is never older than the version seen at the
 * start of the request: an edit committed through any instance is served by every instance on its next
 * request. Readers that find the same new version share one load. Callers must not mutate the value.
 */
export function versionedCache<T>(kind: DataKind, load: () => Promise<T>): VersionedCache<T> {
  let cached: { version: bigint; value: Promise<T> } | null = null;
  const at = (version: bigint | null): Promise<T> => {
    // No version row (a database emptied by hand): nothing to compare with, so read through.
    if (version === null) return load();
    if (cached?.version === version) return cached.value;
    // A reader that saw an older version than the one cached (it started before an edit) serves
    // itself without replacing the newer entry.
    if (cached && version < cached.version) return load();
    const entry = { version, value: load() };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.value;
  };
  return Object.assign(async () => at(await currentVersion(kind)), { at });
}

/**
 * Every kind's version in one query, as one string ("benches:3 trails:7 videos:2"): what a page built from
 * admin-edited data was built from (the page cache's key, app/http/page-cache.server.ts). Null when the
 * table has no rows (a database emptied by hand), when nothing can tell an edit from no edit.
 */
export async function dataVersionStamp(): Promise<string | null> {
  const rows = await prisma.dataVersion.findMany({ select: { name: true, version: true }, orderBy: { name: "asc" } });
  return rows.length > 0 ? rows.map((row) => `${row.name}:${row.version}`).join(" ") : null;
}
