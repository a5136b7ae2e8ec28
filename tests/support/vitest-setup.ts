// Runs before each test file: installs a database of the file's own before any app module opens one.
import { afterAll, inject } from "vitest";
import { createTestDatabase } from "./database-template";

const database = createTestDatabase(inject("databaseTemplate"));
globalThis.__walkingTrailsDatabase = database;

afterAll(async () => {
  await (await database).close();
});
