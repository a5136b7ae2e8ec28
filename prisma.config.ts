import { defineConfig } from "prisma/config";

// The database URL is only needed by CLI commands that talk to a database; the app picks its own
// driver adapter at run time (app/utils/db.server.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
