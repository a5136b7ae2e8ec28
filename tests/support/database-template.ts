// Builds one migrated database per test run; every test file then gets its own copy of it:
// a fresh PostgreSQL database cloned from a template when TEST_DATABASE_URL is set, otherwise an
// in-memory PGlite loaded from a snapshot.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openPostgres, type QueryObserver, wrapPGlite } from "~/utils/database.server";
import { applyMigrations, type SqlConnection } from "~/utils/migrate.server";

const tmpDir = path.resolve("tests/.tmp");
const snapshotFile = path.join(tmpDir, "pglite-template.tar.gz");

export function testDatabaseUrl() {
  return process.env.TEST_DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const templateName = () => `wt_template_${process.pid}`;
const appDataTemplateDir = () => path.join(tmpDir, `app-data-${process.pid}`);

/**
 * Run once per test run: a migrated (unseeded) PGlite data directory for the app processes tests start
 * (copied by `migratedDataDir` in app-process.ts). A new PGlite spends some 6 CPU-seconds creating its
 * cluster (initdb in WebAssembly) before the migrations; an app started on a copy opens an existing
 * one, then applies its data steps and seed as on any start. Built from the PGlite snapshot when there
 * is one (no second initdb), else migrated here. Only a run with files that start apps makes it
 * (global setup); the directory appears, whole, once it is ready.
 */
function createAppDataTemplate(snapshot?: Blob): {
  dir: string;
  ready: Promise<void>;
  cleanup(): Promise<void>;
} {
  const dir = appDataTemplateDir();
  const partial = `${dir}.partial`;
  for (const stale of [dir, partial]) rmSync(stale, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  const ready = (async () => {
    if (snapshot) {
      await (await PGlite.create(partial, { loadDataDir: snapshot })).close();
    } else {
      const db = wrapPGlite(await PGlite.create(partial));
      await applyMigrations(db);
      await db.close();
    }
    renameSync(partial, dir);
  })();
  const cleanup = async () => {
    await ready.catch(() => {});
    for (const made of [dir, partial]) rmSync(made, { recursive: true, force: true });
  };
  return { dir, ready, cleanup };
}

/** What a run that starts no app has in place of the app data template: a path nothing ever makes. */
function noAppData() {
  return { dir: appDataTemplateDir(), ready: Promise.resolve(), cleanup: async () => {} };
}

/** Run once per test run: a migrated template (PostgreSQL) or snapshot (PGlite). */
export async function createTemplate({ appData: wanted = true } = {}): Promise<{
  template: string;
  appDataTemplate: string;
  cleanup(): Promise<void>;
}> {
  const url = testDatabaseUrl();
  if (url) {
    const name = templateName();
    await admin(url, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.query(`CREATE DATABASE ${name}`);
    });
    const db = openPostgres(withDatabase(url, name), 2);
    await applyMigrations(db);
    await db.close();
    // After, not beside: PGlite's initdb holds this process's event loop for seconds at a time, long
    // enough for the pool above to give up waiting for a connection.
    const appData = wanted ? createAppDataTemplate() : noAppData();
    await appData.ready;
    return {
      template: name,
      appDataTemplate: appData.dir,
      cleanup: async () => {
        await appData.cleanup();
        await admin(url, async (client) => {
          // The files' databases first (a worker of the shared-module project keeps its one to the end).
          const made = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}\\_%`]);
          for (const { datname } of made.rows as { datname: string }[])
            await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      },
    };
  }
  const pglite = await PGlite.create();
  const db = wrapPGlite(pglite);
  await applyMigrations(db);
  const dump = await pglite.dumpDataDir("gzip");
  await db.close();
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  const appData = wanted ? createAppDataTemplate(dump) : noAppData();
  await appData.ready;
  return { template: snapshotFile, appDataTemplate: appData.dir, cleanup: appData.cleanup };
}

/**
 * A PostgreSQL copy of the run's migrated (unseeded) template, for a test file or an app process, and
 * how to drop it. Named after the template, so the run's end drops it even if its user never did.
 */
export async function copyOfTemplate(template: string) {
  const url = testDatabaseUrl();
  if (!url) throw new Error("copyOfTemplate needs TEST_DATABASE_URL");
  const name = `${template}_${randomBytes(6).toString("hex")}`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: withDatabase(url, name),
    drop: () => admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * A new, empty (migrated, unseeded) database of its own for one test file; `onQuery` hears every SQL
 * statement its Prisma client sends (see installQueryLog).
 */
export async function createTestDatabase(
  template: string,
  onQuery?: QueryObserver,
): Promise<Database & { url?: string }> {
  if (testDatabaseUrl()) {
    const copy = await copyOfTemplate(template);
    const db = openPostgres(copy.url, 5, onQuery);
    return {
      ...db,
      url: copy.url,
      async close() {
        await db.close();
        await copy.drop();
      },
    };
  }
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
  return wrapPGlite(pglite, undefined, onQuery);
}

/**
 * The statements that empty every table but the migration history and DataVersion: a DELETE per table,
 * the tables that reference others first, in one transaction. A TRUNCATE of them all made new files for
 * every table and index: 250 to 600 ms on PGlite, against 10 ms for deleting the few rows a test leaves,
 * and some 300 tests start with it. Deleting fires the row triggers a TRUNCATE did not, so the versions
 * of the kinds of data that lost rows move on as after any delete (and DataVersion, whose versions only
 * ever grow, is left to them): nothing cached from the rows deleted is served again.
 */
async function emptyingScript(sql: SqlConnection) {
  const tables = (
    await sql.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', 'DataVersion')`,
    )
  ).map((row) => row.tablename as string);
  const references = await sql.query(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint
       JOIN pg_class child ON child.oid = conrelid JOIN pg_class parent ON parent.oid = confrelid
     WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conrelid <> confrelid`,
  );
  // A table is emptied once no table still to empty references it (a cycle, which we do not have, would
  // fall back to the remaining order: every foreign key of ours cascades or sets null anyway).
  const ordered: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const free = [...left].filter(
      (table) => !references.some((edge) => edge.parent === table && left.has(edge.child as string)),
    );
    for (const table of free.length > 0 ? free : [...left]) {
      ordered.push(table);
      left.delete(table);
    }
  }
  return ordered.map((table) => `DELETE FROM "${table}";`).join("\n");
}

const emptyingScripts = new WeakMap<Database, Promise<string>>();

/** Empties every table but the migration history (and DataVersion, above), so each test starts from the same rows. */
export async function truncateAll(db: Database) {
  await db.withSql(async (sql) => {
    if (!emptyingScripts.has(db)) emptyingScripts.set(db, emptyingScript(sql));
    const script = await emptyingScripts.get(db)!;
    if (script) await sql.exec(script);
  });
}
