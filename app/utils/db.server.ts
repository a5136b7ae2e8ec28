import { applyDataSteps } from "~/utils/data-steps.server";
import { type Database, openEmbedded, openPostgres } from "~/utils/database.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { applyMigrations } from "~/utils/migrate.server";
import { seedDatabase } from "~/utils/seed.server";
import { installGracefulShutdown } from "~/utils/shutdown.server";

/** Opens the configured database, brings its schema and data up to date and seeds it when empty. */
async function connect(): Promise<Database> {
  let database: Database | undefined;
  try {
    database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : await openEmbedded(env.PGLITE_DATA_DIR);
    const migrations = await applyMigrations(database);
    if (migrations.length > 0) log("info", "migrations applied", { migrations });
    const dataSteps = await applyDataSteps(database.prisma);
    if (dataSteps.length > 0) log("info", "data steps applied", { steps: dataSteps });
    if (env.SEED) {
      const seeded = await seedDatabase(database.prisma);
      if (seeded.applied.length > 0) log("info", "seed data applied", { steps: seeded.applied });
      if (seeded.admin) announceCreatedAdmin(seeded.admin);
    }
    return database;
  } catch (error) {
    // A start that cannot reach its database is an operator's problem with one cause, not a crash:
    // one line naming the setting and what went wrong, no stack trace.
    console.error(describeDatabaseFailure(error));
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

/** `postgresql://user:secret@host/db` without the secret, so the line can go to any log. */
function withoutPassword(url: string) {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "*****";
  return parsed.toString();
}

/** The innermost useful text of an error (node-postgres raises an empty AggregateError for "localhost"). */
function causeOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return [...new Set(error.errors.map(causeOf))].join("; ");
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

function describeDatabaseFailure(error: unknown) {
  const where = env.DATABASE_URL
    ? `the database at DATABASE_URL (${withoutPassword(env.DATABASE_URL)})`
    : `the embedded database in ${env.PGLITE_DATA_DIR} (DATABASE_URL is not set)`;
  return `Cannot start: ${where} could not be used: ${causeOf(error).replace(/\s*\n\s*/g, " ")}`;
}

/**
 * Said once, when the seed has just created the account; it is never repeated or kept anywhere, so a
 * start can never show a login that has since been changed or deleted.
 */
function announceCreatedAdmin(admin: { email: string; password: string; generated: boolean }) {
  const lines = [
    "Administrator account created:",
    `  email:    ${admin.email}`,
    admin.generated ? `  password: ${admin.password}` : "  password: the one in ADMIN_PASSWORD",
  ];
  if (admin.generated)
    lines.push("  Store it now: it is not shown again. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.");
  console.log(lines.join("\n"));
}

declare global {
  // One database per process, also across the dev server's module reloads and in tests, which
  // install their own isolated database here before the app's modules load.
  var __walkingTrailsDatabase: Promise<Database> | undefined;
}

export const database = await (globalThis.__walkingTrailsDatabase ??= connect().then((db) => {
  installGracefulShutdown({ close: () => db.close(), graceMs: env.SHUTDOWN_GRACE_MS });
  return db;
}));
export const prisma = database.prisma;
