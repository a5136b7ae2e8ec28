// The two ways to reach PostgreSQL: a real server through node-postgres, or PGlite embedded in the process.
import { randomUUID } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
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
  close(): Promise<void>;
};

/** Prisma's codes for a write the database's constraints refused. */
const CONSTRAINT_CODES = { unique: "P2002", foreignKey: "P2003", missingRecord: "P2025" } as const;

/** True when the database refused a write for this constraint: a unique index, a foreign key, or a row that is gone. */
export function violates(error: unknown, constraint: keyof typeof CONSTRAINT_CODES): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === CONSTRAINT_CODES[constraint]
  );
}

const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/** True for errors that mean the database cannot be reached right now (not a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as { message?: string; code?: string; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true;
    if (
      /ECONNREFUSED|ECONNRESET|EPIPE|Connection terminated|is not queryable|timeout exceeded when trying to connect|timeout expired|does not allow connections|not currently accepting connections|terminating connection|Can't reach database|the database system is (starting up|shutting down)|Code: `(08\d{3}|57P0[1-3])`/i.test(
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
            throw new Response("The service is temporarily unavailable.", {
              status: 503,
              headers: { "Retry-After": "5" },
            });
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

/**
 * Whom to tell each SQL statement the client sends (tests that prove what a request reads). Off by
 * default: Prisma then emits no query events at all.
 */
export type QueryObserver = (sql: string) => void;

function newPrismaClient(adapter: PrismaPg | PrismaPGlite, onQuery?: QueryObserver): PrismaClient {
  if (!onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  client.$on("query", (event) => onQuery(event.query));
  return client as unknown as PrismaClient;
}

export function openPostgres(url: string, poolSize = env.DATABASE_POOL_SIZE, onQuery?: QueryObserver): Database {
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
  const prisma = answerUnavailableWith503(newPrismaClient(new PrismaPg(pool), onQuery));
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
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export function wrapPGlite(pglite: PGlite, onClose?: () => void, onQuery?: QueryObserver): Database {
  const prisma = newPrismaClient(new PrismaPGlite(pglite), onQuery);
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

/** How often the holder of the embedded database's lock says it is alive, and when silence means dead. */
const LOCK_HEARTBEAT_MS = 2_000;
const LOCK_STALE_MS = 10_000;

type LockRecord = { owner: string; host: string; pid: number; heartbeat: number };

function readLock(lockFile: string): LockRecord | null {
  try {
    const record = JSON.parse(readFileSync(lockFile, "utf8")) as Partial<LockRecord>;
    return typeof record.owner === "string" && typeof record.heartbeat === "number" ? (record as LockRecord) : null;
  } catch {
    return null;
  }
}

/** Written whole or not at all (a rename), so a reader never sees half a record. */
function writeLock(lockFile: string, record: LockRecord) {
  const temporary = `${lockFile}.${record.owner}.tmp`;
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, lockFile);
}

/**
 * Whether a lock found on disk still holds. Its holder rewrites the heartbeat every LOCK_HEARTBEAT_MS;
 * a pid alone proves nothing across containers (every container's server is pid 1, and one container
 * cannot see another's processes), so only a heartbeat older than LOCK_STALE_MS frees the lock, or, on
 * this same host, a holder whose process is gone.
 */
function lockHolds(record: LockRecord | null, now: number) {
  if (!record || now - record.heartbeat > LOCK_STALE_MS) return false;
  const sameHost = record.host === hostname();
  return !(sameHost && record.pid !== process.pid && !isAlive(record.pid));
}

/**
 * PGlite has no lock of its own: two servers on one data directory silently lose writes. A lock file
 * beside the data, kept alive by a heartbeat, refuses a second server in or out of a container.
 */
async function lockDataDir(dataDir: string) {
  const lockFile = `${dataDir}.lock`;
  const mine: LockRecord = { owner: randomUUID(), host: hostname(), pid: process.pid, heartbeat: Date.now() };
  const found = readLock(lockFile);
  if (existsSync(lockFile) && lockHolds(found, Date.now())) {
    const seconds = Math.round((Date.now() - found!.heartbeat) / 1000);
    throw new Error(
      `the embedded database is in use by another server (process ${found!.pid} on host ${found!.host}, alive ${seconds} s ago). Stop it first, or give each server its own PGLITE_DATA_DIR or DATABASE_URL.`,
    );
  }
  writeLock(lockFile, mine);
  // Two servers that found the lock free at the same moment both wrote it: the last writer wins, the
  // other sees that after a beat and gives up.
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (readLock(lockFile)?.owner !== mine.owner) {
    throw new Error(
      "the embedded database was taken by another server starting at the same moment. Stop it first, or give each server its own PGLITE_DATA_DIR.",
    );
  }
  const heartbeat = setInterval(() => {
    try {
      if (readLock(lockFile)?.owner === mine.owner) writeLock(lockFile, { ...mine, heartbeat: Date.now() });
    } catch (error) {
      log("warn", "embedded database lock heartbeat failed", { error: String(error) });
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    if (readLock(lockFile)?.owner === mine.owner) rmSync(lockFile, { force: true });
  };
  process.once("exit", release);
  return release;
}

/** A data directory this user cannot write gets one sentence saying so, not PGlite's ENOENT later. */
function ensureWritable(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    accessSync(path.dirname(dataDir), constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    const user = process.getuid ? `user ${process.getuid()}` : "this user";
    throw new Error(
      `the embedded database directory cannot be written by ${user} (${code}). Give the directory (and its parent) to that user, mount a writable volume there (in Docker: owned by uid 1000, "node"), or set PGLITE_DATA_DIR.`,
    );
  }
}

export async function openEmbedded(dataDir: string): Promise<Database> {
  if (dataDir === "memory://") return wrapPGlite(await PGlite.create());
  const absolute = path.resolve(dataDir);
  ensureWritable(absolute);
  const release = await lockDataDir(absolute);
  const pglite = await PGlite.create(absolute);
  return wrapPGlite(pglite, release);
}
