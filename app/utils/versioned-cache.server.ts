import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

/** The kinds of data only admins change; database triggers move each one's version on every write. */
type DataKind = "trails" | "benches" | "videos" | "campus";

async function currentVersion(kind: DataKind): Promise<bigint | null> {
  const row = await prisma.dataVersion.findUnique({ where: { name: kind }, select: { version: true } });
  return row?.version ?? null;
}

/**
 * Every kind's version as one database read saw them, read after the request that holds them began:
 * what the versioned caches compare with, so a request reads `DataVersion` once however many kinds it shows.
 */
export type DataVersions = ReadonlyMap<string, bigint>;

/**
 * A column of every kind's version as one string ("benches:3 trails:7 videos:2"), for a query that reads
 * them beside what it is for (the session lookup, app/models/session.server.ts). Null without rows.
 */
export const dataVersionsColumn = Prisma.sql`(SELECT string_agg(d."name" || ':' || d."version", ' ' ORDER BY d."name") FROM "DataVersion" d)`;

/** The versions in a `dataVersionsColumn` string; null (no rows: a database emptied by hand) is none. */
export function parseDataVersions(stamp: string | null): DataVersions {
  const versions = new Map<string, bigint>();
  for (const entry of stamp ? stamp.split(" ") : []) {
    const at = entry.lastIndexOf(":");
    versions.set(entry.slice(0, at), BigInt(entry.slice(at + 1)));
  }
  return versions;
}

/** A kind's data held in memory: read it (one version query first), or read it at versions already known. */
type VersionedCache<T> = {
  /**
   * The data, checked against `versions` when the caller has them (`dataVersionsOf` in
   * app/http/auth.server.ts: read with the request's session), else against a version query of its own.
   */
  (versions?: DataVersions): Promise<T>;
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
  const read = async (versions?: DataVersions) =>
    at(versions ? (versions.get(kind) ?? null) : await currentVersion(kind));
  return Object.assign(read, { at });
}

/**
 * Every kind's version in one query, as one string ("benches:3 trails:7 videos:2"): what a page built from
 * admin-edited data was built from (the page cache's key, app/http/page-cache.server.ts). Null when the
 * table has no rows (a database emptied by hand), when nothing can tell an edit from no edit.
 */
export async function dataVersionStamp(): Promise<string | null> {
  const [row] = await prisma.$queryRaw<{ stamp: string | null }[]>`SELECT ${dataVersionsColumn} AS "stamp"`;
  return row?.stamp ?? null;
}

/** The `dataVersionStamp` string of versions already read; null when there are none (no rows). */
export function stampOf(versions: DataVersions): string | null {
  const entries = [...versions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length > 0 ? entries.map(([name, version]) => `${name}:${version}`).join(" ") : null;
}

/** Every kind's version, in one query: for a request with no session lookup to read them with. */
export async function readDataVersions(): Promise<DataVersions> {
  return parseDataVersions(await dataVersionStamp());
}
