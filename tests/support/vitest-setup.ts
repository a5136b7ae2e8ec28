// Runs before each test file: gives the file a database of its own, made when the app first asks for one
// (`globalThis.__walkingTrailsDatabase`, read by app/utils/db.server.ts). Most unit tests never import the
// database, and making one (a PGlite loaded from the snapshot, or a PostgreSQL clone of the template) and
// loading the Prisma client cost each of them more than their tests.
import { afterAll, inject } from "vitest";
import type { Database } from "~/utils/database.server";

const template = inject("databaseTemplate");
let installed: Promise<Database> | undefined;
let made: Promise<Database> | undefined;

Object.defineProperty(globalThis, "__walkingTrailsDatabase", {
  configurable: true,
  get: () =>
    (installed ??= made = import("./database-template").then(({ createTestDatabase }) => createTestDatabase(template))),
  // A file that installs a database of its own (installQueryLog) closes it itself.
  set: (database: Promise<Database> | undefined) => {
    installed = database;
  },
});

afterAll(async () => {
  if (made) await (await made).close();
});
