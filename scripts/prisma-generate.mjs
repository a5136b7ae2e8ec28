// Prisma's CLI downloads its native schema engine before any command, even `generate`, which never
// runs it. Pointing PRISMA_SCHEMA_ENGINE_BINARY at an existing (non-executable) file skips the download,
// so the client can be generated on machines that only reach the npm registry.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${root}/prisma/schema.prisma`)) process.exit(0);
const result = spawnSync("npx", ["prisma", "generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? `${root}/package.json`,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
