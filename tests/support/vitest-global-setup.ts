import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTemplate } from "./database-template";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: string;
    appDataTemplate: string;
  }
}

function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return file === path.join("app", "generated", "prisma") ? newest : Math.max(newest, newestChange(file));
    return Math.max(newest, statSync(file).mtimeMs);
  }, statSync("remix.config.js").mtimeMs);
}

/** Route tests run the production build, so one older than the code it was built from is rebuilt. */
function ensureFreshBuild() {
  const built = "build/index.js";
  if (existsSync(built) && statSync(built).mtimeMs >= newestChange("app")) return;
  console.log("The build is missing or older than app/: building it for the route tests…");
  // Built as `npm run build` builds it, not in the test environment (which would compile React's dev JSX).
  execFileSync("npm", ["run", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}

export default async function setup(project: TestProject) {
  ensureFreshBuild();
  // Only the files that start app processes copy the app data template (`npm run test:fast` runs none).
  const startsApps = project.vitest.projects.some((running) => ["processes", "servers"].includes(running.name));
  const { template, appDataTemplate, cleanup } = await createTemplate({ appData: startsApps });
  project.provide("databaseTemplate", template);
  project.provide("appDataTemplate", appDataTemplate);
  return cleanup;
}
