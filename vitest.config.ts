import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// Tests that need a PostgreSQL server (several processes sharing one database cannot share the
// embedded one). Without TEST_DATABASE_URL they are left out of the run, and the run says so.
const needsPostgres = ["tests/integration/scale-out.test.ts", "tests/integration/session-lookup.test.ts"];
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    `Not running ${needsPostgres.join(", ")}: they need a PostgreSQL server (two processes on one database, the wire between app and database); set TEST_DATABASE_URL to include it.`,
  );
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : needsPostgres)],
    environment: "node",
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "false" },
  },
});
