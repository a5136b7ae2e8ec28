// Starts the production build (build/server.js: express in front of build/index.js) as its own process, the way it runs
// in the container, for tests of start-up, configuration, health and shutdown.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { copyOfTemplate, testDatabaseUrl } from "./database-template";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type AppProcess = {
  url: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

// Every app a test starts, so a failing assertion cannot leave a server running after the test.
const running = new Set<AppProcess>();

// Data directories handed out by migratedDataDir, and PostgreSQL databases by appDatabase, removed once
// their apps are stopped.
const copies: string[] = [];
const databases: (() => Promise<unknown>)[] = [];

/** Stops whatever the test started and did not stop itself (use in afterEach), and removes its data. */
export async function stopAllApps() {
  await Promise.all([...running].map((app) => app.stop("SIGKILL")));
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.splice(0).map((drop) => drop()));
}

/**
 * A migrated, unseeded database of the app's own, for tests whose subject is the server, not the
 * database behind it: with TEST_DATABASE_URL a PostgreSQL copy of the run's template (the production
 * adapter; an app starts on it in half the CPU an embedded one takes), otherwise an embedded copy
 * (`migratedDataDir`). Tests of the embedded database itself use `migratedDataDir` or `emptyDataDir`.
 */
export async function appDatabase(): Promise<
  { DATABASE_URL: string; DATABASE_POOL_SIZE: string } | { PGLITE_DATA_DIR: string }
> {
  if (!testDatabaseUrl()) return { PGLITE_DATA_DIR: await migratedDataDir() };
  const database = await copyOfTemplate(inject("databaseTemplate"));
  databases.push(database.drop);
  // Several apps of a file share the server's 100 connections with the other files' databases.
  return { DATABASE_URL: database.url, DATABASE_POOL_SIZE: "4" };
}

/**
 * An embedded data directory of the app's own: a copy of the run's migrated, unseeded template (global
 * setup). An app started on it skips creating a PGlite cluster (some 6 CPU-seconds, more than the rest of
 * its start) and applies its data steps and seed as on any start. For tests about anything but the first
 * start of an empty directory, which start on `PGLITE_DATA_DIR` of a fresh temporary directory instead.
 */
export async function migratedDataDir(): Promise<string> {
  const template = inject("appDataTemplate");
  // Global setup makes the template beside the first files (database-template.ts): wait for it to appear.
  for (const deadline = Date.now() + 180_000; !existsSync(template);) {
    if (Date.now() > deadline) throw new Error(`the app data template ${template} was not made within 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // In memory where there is a tmpfs, as with memory://: PostgreSQL's fsyncs on a busy disk would block
  // the app's event loop (PGlite's file system calls are synchronous) and skew what the tests time.
  const parent = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "wt-app-"));
  copies.push(parent);
  const dir = path.join(parent, "pglite");
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** An empty embedded data directory of the app's own, removed with the app, for tests of a first start. */
export function emptyDataDir(): string {
  const parent = mkdtempSync(path.join(tmpdir(), "wt-pglite-"));
  copies.push(parent);
  return path.join(parent, "pglite");
}

/** Signs in through the API, as the old client does; the answer carries the token and the cookies. */
export function apiSignIn(app: AppProcess, email: string, password: string, cookie?: string) {
  return fetch(`${app.url}/api/user/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });
}

export async function startApp(env: Record<string, string | undefined>): Promise<AppProcess> {
  const port = await freePort();
  return spawnApp(["build/server.js"], port, {
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
}

/**
 * `npm start` on the existing build (`scripts/start.mjs --no-build`), which runs build/server.js as its
 * child: for what a person starting the app locally reads.
 */
export async function runStartScript(env: Record<string, string | undefined>): Promise<AppProcess> {
  return spawnApp(["scripts/start.mjs", "--no-build"], await freePort(), env);
}

/** `npm start -- --no-build` itself, npm's process and all: what a supervisor runs and signals. */
export async function runNpmStart(env: Record<string, string | undefined>): Promise<AppProcess> {
  return spawnApp(["start", "--", "--no-build"], await freePort(), env, "npm");
}

async function spawnApp(
  args: string[],
  port: number,
  env: Record<string, string | undefined>,
  command = process.execPath,
): Promise<AppProcess> {
  const fullEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SESSION_SECRET: "test-session-secret-0123456789",
    LOG_LEVEL: "info",
    // No test contacts a real video host; the stills have their own tests against a stand-in.
    VIDEO_THUMBNAILS: "false",
    ...env,
  };
  for (const key of Object.keys(fullEnv)) if (fullEnv[key] === undefined) delete fullEnv[key];
  // Its own process group, so a forced stop also reaches a server the script started.
  const child = spawn(command, args, { env: fullEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const app: AppProcess = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
        if (child.exitCode !== null)
          throw new Error(`app exited (${child.exitCode}) before ${pattern}; output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal = "SIGTERM") {
      const killGroup = () => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {} // already gone
      };
      if (child.exitCode === null) {
        if (signal === "SIGKILL") killGroup();
        else child.kill(signal);
      }
      const timer = setTimeout(killGroup, 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  running.add(app);
  void exited.then(() => running.delete(app));
  return app;
}

export async function waitForHealthy(app: AppProcess, timeoutMs = 30_000) {
  await app.waitForOutput(/\[server\] listening/, timeoutMs);
}
