import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// Tests that need a PostgreSQL server (several processes sharing one database cannot share the
// embedded one). Without TEST_DATABASE_URL they are left out of the run, and the run says so.
const needsPostgres = [
  "tests/integration/scale-out.test.ts",
  "tests/integration/session-lookup.test.ts",
  "tests/integration/server-database-outage.test.ts",
];
// Vitest evaluates this file once per project in one process: said once.
const said = globalThis as { leftOutSaid?: boolean };
if (!process.env.TEST_DATABASE_URL && !said.leftOutSaid) {
  said.leftOutSaid = true;
  console.log(
    `Not running ${needsPostgres.join(", ")}: they need a PostgreSQL server (two processes on one database, the wire between app and database, a database that goes away under a running app); set TEST_DATABASE_URL to include it.`,
  );
}
const leftOut = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : needsPostgres)];

/**
 * Files that measure (latency under floods, memory, response times): they run alone, last, with one core
 * all but idle. tests/integration/server.test.ts starts servers too, but measures nothing a neighbour can
 * skew (a start, its log lines, a restart's data; the 503s when PostgreSQL goes away, within seconds), so
 * it runs with the rest; so does bounded-reads.test.ts, which proves its bounds by the SQL sent, not by time,
 * and scale-out.test.ts, whose two servers on one database are checked for what they share, not how fast.
 */
const serverFiles = [
  "tests/integration/request-gate.test.ts",
  "tests/integration/hostile-clients.test.ts",
  "tests/integration/server-limits.test.ts",
];

/**
 * Files that start the app or a tool as a child process (the production server, `npm start`, npm 10 on
 * the lockfile): they run beside the in-process files in `npm test`, and are what `npm run test:fast`
 * leaves out, with the files above, so the inner loop starts no process and needs no build of a template.
 */
const processFiles = [
  "tests/integration/server.test.ts",
  "tests/integration/server-restarts.test.ts",
  "tests/integration/server-database-outage.test.ts",
  "tests/integration/odd-targets.test.ts",
  "tests/integration/embedded-lock.test.ts",
  "tests/integration/lockfile.test.ts",
  "tests/integration/session-lookup.test.ts",
  "tests/integration/shared-address-server.test.ts",
  "tests/integration/scale-out.test.ts",
];

/**
 * Unit tests that change what a later file in the same process would see: environment variables
 * (vi.stubEnv), the module registry (vi.resetModules) or a shared module's settings (the logger's
 * level). They keep a process of their own per file, with the integration tests.
 */
const unitFilesWithSideEffects = [
  "tests/unit/password.test.ts",
  "tests/unit/error-boundary.test.tsx",
  "tests/unit/background.test.ts",
];

/**
 * In-process files that cannot share their modules with others: each installs a database of its own
 * before the app's modules load (installQueryLog, to see every statement sent).
 */
const isolatedFiles = [
  "tests/integration/bounded-reads.test.ts",
  "tests/integration/request-reads.test.ts",
  "tests/integration/trail-map-page.test.ts",
  "tests/integration/video-thumbnails.test.ts",
  "tests/integration/page-cache.test.ts",
  "tests/integration/many-trails-reads.test.ts",
];

/** A database of the file's own, made when the app first asks for one (the files that load their own modules). */
const setupFiles = ["./tests/support/vitest-setup.ts"];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    globalSetup: ["./tests/support/vitest-global-setup.ts"],
    // Worker threads, not a process per file: a file's thread starts and loads its modules in some 40%
    // less time than a forked process did (docs/testing.md, "How the suite stays fast on two cores").
    pool: "threads",
    // Three workers on two cores: every file has its own database, so files never share rows, and a
    // file waiting on its database, a child process or a timer leaves the core to the next one.
    maxWorkers: 3,
    // Where the time went: the ten slowest files, loading and tests apart (docs/testing.md).
    reporters: ["default", "./tests/support/slowest-files-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // No test fetches video stills unless it turns them on against its own stand-in host, and none mails
    // the admins about a report unless it turns that on with a mailbox of its own.
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "false", VIDEO_THUMBNAILS: "false", REPORT_MAIL: "false" },
    projects: [
      {
        extends: true,
        test: {
          // Pure functions and rendered components, no database: they share their worker processes and
          // the modules those have loaded instead of importing React, Remix and zod again for each file
          // (a third of these files' CPU time went to a fresh process and its imports).
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: [...leftOut, ...unitFilesWithSideEffects],
          setupFiles,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The in-process integration files share their worker's modules: the app, the build, Prisma and
          // zod load once per worker, not once per file (they were most of a file's time). The worker's
          // database is emptied before each file and the settings a file changed are put back after it.
          name: "routes",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...leftOut, ...serverFiles, ...processFiles, ...isolatedFiles],
          setupFiles: ["./tests/support/vitest-shared-setup.ts"],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: [...unitFilesWithSideEffects, ...isolatedFiles],
          exclude: leftOut,
          setupFiles,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "processes", include: processFiles, exclude: leftOut, setupFiles, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // A process of their own: what they time must not share an event loop's process with other threads.
        test: {
          name: "servers",
          include: serverFiles,
          exclude: leftOut,
          setupFiles,
          pool: "forks",
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
