import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { diffMigrationsToSchema } from "../../scripts/schema-engine.mjs";
import { database } from "~/utils/db.server";
import { applyMigrations, readMigrations } from "~/utils/migrate.server";

describe("migrations", () => {
  test("schema.prisma and the committed migrations describe the same database", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  }, 60_000);

  test("are recorded as Prisma Migrate records them, with the sha256 of each file", async () => {
    const rows = await database.withSql((sql) =>
      sql.query(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`),
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
});
