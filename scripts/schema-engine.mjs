// Prisma's schema engine as WebAssembly, driven over an in-memory PGlite (main and shadow database).
// The native engine that `prisma migrate diff` needs cannot be downloaded on our machines; this computes
// the same SQL as `prisma migrate diff --from-migrations prisma/migrations --to-schema prisma/schema.prisma`.
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const root = fileURLToPath(new URL("..", import.meta.url));
const schemaPath = path.join(root, "prisma/schema.prisma");
export const migrationsDir = path.join(root, "prisma/migrations");

async function loadEngine() {
  const require = createRequire(import.meta.url);
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import(pathToFileURL(bgPath).href);
  const wasm = await readFile(bgPath.replace(/\.js$/, ".wasm"));
  const { instance } = await WebAssembly.instantiate(wasm, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return bg.SchemaEngine;
}

async function listMigrations() {
  let names = [];
  try {
    names = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    names = [];
  }
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8") },
      },
    })),
  );
  let lock = null;
  try {
    lock = await readFile(path.join(migrationsDir, "migration_lock.toml"), "utf8");
  } catch {
    // Before the first migration there is no lock file; the engine still needs to know the provider.
    lock = 'provider = "postgresql"\n';
  }
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lock },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/** SQL that brings a database built from the committed migrations up to schema.prisma ('' when in step). */
export async function diffMigrationsToSchema() {
  const SchemaEngine = await loadEngine();
  const schema = await readFile(schemaPath, "utf8");
  const pglite = new PGlite();
  try {
    const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
    const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, factory);
    const result = await engine.diff({
      from: { tag: "migrations", ...(await listMigrations()) },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = (result.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  } finally {
    await pglite.close();
  }
}
