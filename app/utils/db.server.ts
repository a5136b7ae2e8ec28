import { writeFileSync } from "node:fs";
import path from "node:path";
import { type Database, openEmbedded, openPostgres } from "~/utils/database.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { applyMigrations } from "~/utils/migrate.server";
import { seedDatabase } from "~/utils/seed.server";
import { installGracefulShutdown } from "~/utils/shutdown.server";

/** Opens the configured database, brings its schema up to date and seeds it when empty. */
async function connect(): Promise<Database> {
  const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : await openEmbedded(env.PGLITE_DATA_DIR);
  const migrations = await applyMigrations(database);
  if (migrations.length > 0) log("info", "migrations applied", { migrations });
  if (env.SEED) {
    const seeded = await seedDatabase(database.prisma);
    if (seeded.applied.length > 0) log("info", "seed data applied", { steps: seeded.applied });
    if (seeded.admin?.generated) announceGeneratedAdmin(seeded.admin, database.kind === "pglite");
  }
  return database;
}

/** A generated admin password is shown once; on a local embedded setup it is also kept in .data. */
function announceGeneratedAdmin(admin: { email: string; password: string }, embedded: boolean) {
  const lines = ["Administrator account created:", `  email:    ${admin.email}`, `  password: ${admin.password}`];
  // An in-memory database (memory://) vanishes with the process, so its password is not written anywhere.
  if (embedded && env.PGLITE_DATA_DIR !== "memory://") {
    const file = path.join(path.dirname(path.resolve(env.PGLITE_DATA_DIR)), "admin-credentials.txt");
    writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
    lines.push(`  (also saved in ${path.relative(process.cwd(), file)})`);
  } else {
    lines.push("  Store it now: it is not shown again. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.");
  }
  console.log(lines.join("\n"));
}

declare global {
  // One database per process, also across the dev server's module reloads and in tests, which
  // install their own isolated database here before the app's modules load.
  var __walkingTrailsDatabase: Promise<Database> | undefined;
}

export const database = await (globalThis.__walkingTrailsDatabase ??= connect().then((db) => {
  installGracefulShutdown({ close: () => db.close(), databaseSockets: () => db.sockets() });
  return db;
}));
export const prisma = database.prisma;
