// For a test file that must prove which SQL a request sends: installs, in place of the database the
// setup installed, one of the file's own whose Prisma client reports every statement it sends. Call it
// through vi.hoisted, so it runs before the file's imports open the app's database:
//   const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());
import { afterAll, inject } from "vitest";
import { createTestDatabase } from "./database-template";

export function installQueryLog(): string[] {
  const statements: string[] = [];
  const database = createTestDatabase(inject("databaseTemplate"), (sql) => statements.push(sql));
  // The setup closes the database it installed; this one is the file's to close.
  globalThis.__walkingTrailsDatabase = database;
  afterAll(async () => {
    await (await database).close();
  });
  return statements;
}
