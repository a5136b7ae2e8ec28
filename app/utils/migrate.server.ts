import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type SqlConnection = {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  exec(text: string): Promise<void>;
};

type Migrator = { kind: "postgres" | "pglite"; withSql<T>(fn: (sql: SqlConnection) => Promise<T>): Promise<T> };

type Migration = { name: string; sql: string; checksum: string };

// Any constant: every app instance takes the same lock, so only one applies migrations at a time.
const MIGRATION_LOCK_KEY = 72_707_369;

function migrationsDirectory() {
  return path.resolve(process.env.MIGRATIONS_DIR ?? "prisma/migrations");
}

export function readMigrations(dir = migrationsDirectory()): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

// The table exactly as Prisma Migrate creates it, so `prisma migrate deploy` recognises our rows.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies every pending migration in one transaction: either all of them land, recorded as Prisma
 * would record them, or none does. Refuses to run over a migration that failed earlier.
 */
export async function applyMigrations(database: Migrator, migrations = readMigrations()): Promise<string[]> {
  return database.withSql(async (sql) => {
    if (database.kind === "postgres") await sql.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await sql.exec(CREATE_MIGRATIONS_TABLE);
    const rows = (await sql.query(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    )) as {
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }[];
    const failed = rows.find((row) => row.finished_at === null);
    if (failed) {
      throw new Error(
        `Migration ${failed.migration_name} failed earlier and was not rolled back; resolve it before starting (prisma migrate resolve).`,
      );
    }
    const applied = new Set(rows.map((row) => row.migration_name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      const startedAt = new Date();
      await sql.exec(migration.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, $4, now(), 1)`,
        [randomUUID(), migration.checksum, migration.name, startedAt],
      );
    }
    return pending.map((migration) => migration.name);
  });
}
