// The two ways to reach PostgreSQL: a real server through node-postgres, or PGlite embedded in the process.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import type { SqlConnection } from "~/utils/migrate.server";

export type Database = {
  prisma: PrismaClient;
  kind: "postgres" | "pglite";
  /** Runs a callback inside one transaction on a raw SQL connection (migrations, tests). */
  withSql<T>(fn: (sql: SqlConnection) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** TCP sockets the database holds open (0 for the embedded one); graceful shutdown discounts them. */
  sockets(): number;
  close(): Promise<void>;
};

/** Prisma's codes for a write the database's constraints refused. */
const CONSTRAINT_CODES = { unique: "P2002", foreignKey: "P2003", missingRecord: "P2025" } as const;

/** True when the database refused a write for this constraint: a unique index, a foreign key, or a row that is gone. */
export function violates(error: unknown, constraint: keyof typeof CONSTRAINT_CODES): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === CONSTRAINT_CODES[constraint];
}

const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/** True for errors that mean the database cannot be reached right now (not a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { message?: string; code?: string; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth++) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true;
    if (
      /ECONNREFUSED|ECONNRESET|Connection terminated|timeout exceeded when trying to connect|timeout expired|does not allow connections|not currently accepting connections|terminating connection|Can't reach database|the database system is (starting up|shutting down)|Code: `(08\d{3}|57P0[1-3])`/i.test(
        String(current.message ?? ""),
      )
    ) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * Every query that finds the database unreachable throws a 503 response instead of its raw error, so
 * pages render the "temporarily unavailable" screen and the API answers 503 JSON, not a 500.
 */
function answerUnavailableWith503(client: PrismaClient): PrismaClient {
  const extended = client.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            throw new Response("The service is temporarily unavailable.", { status: 503, headers: { "Retry-After": "5" } });
          }
          throw error;
        }
      },
    },
  });
  // A query extension changes no method's shape, only what a failure throws.
  return extended as unknown as PrismaClient;
}

// Two different waits. Reaching the server fails fast, so a database that is gone answers 503 within a
// second instead of letting requests hang; waiting for a free connection behind other requests is
// congestion, not an outage, so a busy moment (say fifty sign-ins hashing passwords at once) queues
// instead of being told the database is unavailable.
const CONNECT_TIMEOUT_MS = 1_000;
const QUEUE_TIMEOUT_MS = 15_000;

class FastConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export function openPostgres(url: string, poolSize = env.DATABASE_POOL_SIZE): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: FastConnectClient,
    connectionTimeoutMillis: QUEUE_TIMEOUT_MS,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on("error", (error) => log("error", "postgres pool error", { error: error.message }));
  const prisma = answerUnavailableWith503(new PrismaClient({ adapter: new PrismaPg(pool) }));
  return {
    prisma,
    kind: "postgres",
    async withSql(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
          exec: async (text) => {
            await client.query(text);
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    sockets: () => pool.totalCount,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export function wrapPGlite(pglite: PGlite, onClose?: () => void): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    kind: "pglite",
    withSql(fn) {
      return pglite.transaction((tx) =>
        fn({
          query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params as unknown[])).rows,
          exec: async (text) => {
            await tx.exec(text);
          },
        }),
      );
    },
    async ping() {
      await pglite.query("SELECT 1");
    },
    sockets: () => 0,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      onClose?.();
    },
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes. A pid file
 * next to the data refuses a second live process and takes over from a dead one.
 */
function lockDataDir(dataDir: string) {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(lockFile, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database at ${dataDir} is in use by process ${owner}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  const release = () => rmSync(lockFile, { force: true });
  process.once("exit", release);
  return release;
}

export async function openEmbedded(dataDir: string): Promise<Database> {
  if (dataDir === "memory://") return wrapPGlite(await PGlite.create());
  const absolute = path.resolve(dataDir);
  const release = lockDataDir(absolute);
  mkdirSync(absolute, { recursive: true });
  const pglite = await PGlite.create(absolute);
  return wrapPGlite(pglite, release);
}

