// Runs before each test file of the `routes` project, whose files share their worker's modules (the app,
// the build, Prisma, zod: loaded once per worker instead of once per file; docs/testing.md). The worker's
// database is made when the app first asks for it and kept for the worker's later files; each file starts
// on it emptied, as a file of its own database would, and the settings it changed are put back after it.
import { afterAll, inject } from "vitest";
import type { Database } from "~/utils/database.server";

declare global {
  var __walkingTrailsSharedDatabase: Promise<Database> | undefined;
}

const template = inject("databaseTemplate");

if (!Object.getOwnPropertyDescriptor(globalThis, "__walkingTrailsDatabase")?.get) {
  Object.defineProperty(globalThis, "__walkingTrailsDatabase", {
    configurable: true,
    get: () =>
      (globalThis.__walkingTrailsSharedDatabase ??= import("./database-template").then(({ createTestDatabase }) =>
        createTestDatabase(template),
      )),
  });
}

// Before the file's own code runs (a file may change a setting or write rows as it loads).
const database = globalThis.__walkingTrailsSharedDatabase;
if (database) await (await import("./database-template")).truncateAll(await database);
const env = (await import("~/utils/env.server")).env as unknown as Record<string, unknown>;
const settings = { ...env };

afterAll(() => {
  for (const key of Object.keys(env)) if (!(key in settings)) delete env[key];
  Object.assign(env, settings);
});
