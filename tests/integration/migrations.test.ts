import { createHash, randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { diffMigrationsToSchema } from "../../scripts/schema-engine.mjs";
import { caseFold, USERNAME_KEYS_VERSION, usernameKeys } from "~/lib/username-key";
import { applyDataSteps } from "~/utils/data-steps.server";
import { type Database, openPostgres, wrapPGlite } from "~/utils/database.server";
import { database } from "~/utils/db.server";
import { applyMigrations, readMigrations } from "~/utils/migrate.server";
import { testDatabaseUrl } from "../support/database-template";

/** An empty database of the test's own kind (PostgreSQL server or PGlite), dropped by `close`. */
async function emptyDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) return wrapPGlite(await PGlite.create());
  const name = `wt_migrate_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = openPostgres(target.toString(), 2);
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe("migrations", () => {
  test("schema.prisma and the committed migrations describe the same database", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  }, 60_000);

  test("are recorded as Prisma Migrate records them, with the sha256 of each file", async () => {
    const rows = await database.withSql((sql) =>
      sql.query(
        `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    const files = readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    for (const [index, file] of files.entries()) {
      expect(rows[index].checksum).toBe(createHash("sha256").update(file.sql).digest("hex"));
      expect(rows[index].finished_at).not.toBeNull();
      expect(rows[index].applied_steps_count).toBe(1);
    }
  });

  test("applying again changes nothing", async () => {
    expect(await applyMigrations(database)).toEqual([]);
  });

  test("a failing migration leaves no trace: nothing of the batch is applied or recorded", async () => {
    const broken = [
      ...readMigrations(),
      { name: "29990101000000_good", sql: 'CREATE TABLE "ShouldVanish" (id int);', checksum: "x" },
      { name: "29990101000001_bad", sql: "CREATE TABLE oops (;", checksum: "y" },
    ];
    await expect(applyMigrations(database, broken)).rejects.toThrow();
    const tables = await database.withSql((sql) =>
      sql.query(`SELECT tablename FROM pg_tables WHERE tablename = 'ShouldVanish'`),
    );
    expect(tables).toEqual([]);
    const recorded = await database.withSql((sql) =>
      sql.query(`SELECT migration_name FROM "_prisma_migrations" WHERE migration_name LIKE '2999%'`),
    );
    expect(recorded).toEqual([]);
  });

  test("refuses to run over a migration that failed earlier", async () => {
    await database.withSql((sql) =>
      sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ('failed-one', 'z', '29990101000002_failed', now())`,
      ),
    );
    await expect(applyMigrations(database)).rejects.toThrow(/29990101000002_failed failed earlier/);
    await database.withSql((sql) => sql.query(`DELETE FROM "_prisma_migrations" WHERE id = 'failed-one'`));
  });

  test("the username key migration backfills the app's key and renames, not drops, names that now collide", async () => {
    const db = await emptyDatabase();
    try {
      const all = readMigrations();
      const at = all.findIndex((migration) => migration.name.endsWith("_username_key"));
      await applyMigrations(db, all.slice(0, at));
      const legacy: [string, string, string][] = [
        ["aaaaaaaaaaaaaaaaaaaaaaa1", "Ana", "2020-01-01"],
        ["bbbbbbbbbbbbbbbbbbbbbbb2", "ana", "2021-01-01"],
        ["ccccccccccccccccccccccc3", "\uff21\uff2e\uff21", "2022-01-01"],
        ["ddddddddddddddddddddddd4", "Stra\u00dfe", "2020-01-01"],
        ["eeeeeeeeeeeeeeeeeeeeeee5", "Jos\u00e9 \u00c9MILE", "2020-01-01"],
        ["fffffffffffffffffffffff6", "\u0416\u0415\u041d\u042f", "2020-01-01"],
        ["00000000000000000000000a", "walker_42", "2020-01-01"],
      ];
      await db.withSql(async (sql) => {
        for (const [id, username, created] of legacy) {
          await sql.query(
            `INSERT INTO "User" (id, username, email, "passwordHash", "createdAt", "updatedAt") VALUES ($1, $2, $3, 'x', $4, $4)`,
            [id, username, `${id}@example.test`, created],
          );
        }
      });
      await applyMigrations(db, all.slice(0, at + 1));
      const rows = await db.withSql((sql) => sql.query(`SELECT id, username, "usernameKey" FROM "User" ORDER BY id`));
      const byId = Object.fromEntries(
        rows.map((row) => [row.id as string, row as { username: string; usernameKey: string }]),
      );
      // The oldest "Ana" keeps the name; the later spellings get a suffix from their id.
      expect(byId.aaaaaaaaaaaaaaaaaaaaaaa1.username).toBe("Ana");
      expect(byId.bbbbbbbbbbbbbbbbbbbbbbb2.username).toBe("ana-bbbbbb");
      expect(byId.ccccccccccccccccccccccc3.username).toBe("ANA-cccccc");
      // Every backfilled key is the one the app computed for the stored name then (NFKC, case-folded).
      for (const row of rows) expect(row.usernameKey, row.username as string).toBe(caseFold(row.username as string));
    } finally {
      await db.close();
    }
  });

  test("look-alike usernames: the migration makes room for the second key, the data step computes both and renames later look-alikes", async () => {
    const db = await emptyDatabase();
    try {
      const all = readMigrations();
      const at = all.findIndex((migration) => migration.name.endsWith("_username_shape_key"));
      await applyMigrations(db, all.slice(0, at));
      // Names that the earlier rule (case and NFKC only) let exist side by side; created in this order.
      const legacy: [string, string, string][] = [
        ["cccccccccccccccccccccc03", "ADRNIN", "2019-06-01"], // the oldest of the "admin" look-alikes
        ["aaaaaaaaaaaaaaaaaaaaaa01", "admin", "2020-01-01"],
        ["bbbbbbbbbbbbbbbbbbbbbb02", "\u0430dmin", "2021-01-01"], // Cyrillic а
        ["dddddddddddddddddddddd04", "PayPal", "2020-01-01"],
        ["eeeeeeeeeeeeeeeeeeeeee05", "PayPaI", "2021-01-01"], // capital I
        ["1111111111111111111111e6", "PayPaI-eeeeee", "2022-01-01"], // already holds the name a rename would pick
        ["2222222222222222222222f7", "x".repeat(48) + "m", "2020-01-01"],
        ["3333333333333333333333f8", "x".repeat(48) + "rn", "2021-01-01"], // 50 characters: cut to make room
        ["4444444444444444444444f9", "walker_42", "2020-01-01"],
      ];
      await db.withSql(async (sql) => {
        for (const [id, username, created] of legacy) {
          await sql.query(
            `INSERT INTO "User" (id, username, "usernameKey", email, "passwordHash", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, 'x', $5, $5)`,
            [id, username, caseFold(username), `${id}@example.test`, created],
          );
        }
      });
      await applyMigrations(db, all.slice(0, at + 1));
      const placeholders = await db.withSql((sql) =>
        sql.query(`SELECT id, "usernameShapeKey" FROM "User" ORDER BY id`),
      );
      for (const row of placeholders) expect(row.usernameShapeKey).toBe(`\u0001${row.id as string}`);

      expect(await applyDataSteps(db.prisma)).toEqual([`username-keys:${USERNAME_KEYS_VERSION}`]);
      const read = async () => {
        const rows = await db.withSql((sql) =>
          sql.query(`SELECT id, username, "usernameKey", "usernameShapeKey" FROM "User" ORDER BY id`),
        );
        return Object.fromEntries(
          rows.map((row) => [
            row.id as string,
            row as { username: string; usernameKey: string; usernameShapeKey: string },
          ]),
        );
      };
      const byId = await read();
      expect(Object.fromEntries(Object.entries(byId).map(([id, row]) => [id, row.username]))).toEqual({
        cccccccccccccccccccccc03: "ADRNIN",
        aaaaaaaaaaaaaaaaaaaaaa01: "admin-aaaaaa",
        bbbbbbbbbbbbbbbbbbbbbb02: "\u0430dmin-bbbbbb",
        dddddddddddddddddddddd04: "PayPal",
        // Its six-character name belongs to a later account, which keeps it: two more characters of the id.
        eeeeeeeeeeeeeeeeeeeeee05: "PayPaI-eeeeeeee",
        "1111111111111111111111e6": "PayPaI-eeeeee",
        "2222222222222222222222f7": "x".repeat(48) + "m",
        "3333333333333333333333f8": "x".repeat(43) + "-333333",
        "4444444444444444444444f9": "walker_42",
      });
      for (const row of Object.values(byId)) {
        expect(row.username.length).toBeLessThanOrEqual(50);
        expect({ usernameKey: row.usernameKey, usernameShapeKey: row.usernameShapeKey }, row.username).toEqual(
          usernameKeys(row.username),
        );
      }
      // Once per database: the next start changes nothing; the step run again (a new version) finds nothing to change.
      expect(await applyDataSteps(db.prisma)).toEqual([]);
      await db.withSql((sql) => sql.query(`DELETE FROM "SeedStep" WHERE name LIKE 'username-keys:%'`));
      expect(await applyDataSteps(db.prisma)).toHaveLength(1);
      expect(await read()).toEqual(byId);
    } finally {
      await db.close();
    }
  });

  test("on a fresh database the username keys step has nothing to do and is recorded as done", async () => {
    const db = await emptyDatabase();
    try {
      await applyMigrations(db);
      expect(await applyDataSteps(db.prisma)).toEqual([`username-keys:${USERNAME_KEYS_VERSION}`]);
      const steps = await db.withSql((sql) => sql.query(`SELECT name FROM "SeedStep"`));
      expect(steps).toEqual([{ name: `username-keys:${USERNAME_KEYS_VERSION}` }]);
      expect(await db.prisma.user.count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  test("the feedback author migration erases the name and email of feedback whose account was deleted before", async () => {
    const db = await emptyDatabase();
    try {
      const all = readMigrations();
      const at = all.findIndex((migration) => migration.name.endsWith("_feedback_author_erasable"));
      await applyMigrations(db, all.slice(0, at));
      await db.withSql(async (sql) => {
        await sql.query(
          `INSERT INTO "User" (id, username, "usernameKey", email, "passwordHash", "updatedAt") VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'stays', 'stays', 'stays@example.test', 'x', now())`,
        );
        await sql.query(
          `INSERT INTO "Feedback" (id, username, email, feedback, "userId") VALUES
             ('fffffffffffffffffffffff1', 'stays', 'stays@example.test', 'kept', 'aaaaaaaaaaaaaaaaaaaaaaa1'),
             ('fffffffffffffffffffffff2', 'gone', 'gone@example.test', 'from a deleted account', NULL)`,
        );
      });
      await applyMigrations(db, all.slice(0, at + 1));
      const rows = await db.withSql((sql) =>
        sql.query(`SELECT id, username, email, feedback FROM "Feedback" ORDER BY id`),
      );
      expect(rows).toEqual([
        { id: "fffffffffffffffffffffff1", username: "stays", email: "stays@example.test", feedback: "kept" },
        { id: "fffffffffffffffffffffff2", username: null, email: null, feedback: "from a deleted account" },
      ]);
    } finally {
      await db.close();
    }
  });
});
