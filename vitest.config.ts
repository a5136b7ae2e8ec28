import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Files that start servers and measure them (latency under floods, memory): they run alone, last. */
const serverFiles = ["tests/integration/server.test.ts", "tests/integration/request-gate.test.ts", "tests/integration/hostile-clients.test.ts"];

const shared = {
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
};

export default defineConfig({
  ...shared,
  test: {
    environment: "node",
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    pool: "forks",
    // Both cores: every file has its own database, so files never share rows.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "false" },
    projects: [
      {
        extends: true,
        test: {
          name: "parallel",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
          exclude: serverFiles,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "servers", include: serverFiles, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
