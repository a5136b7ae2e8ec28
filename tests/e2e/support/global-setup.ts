import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import pg from "pg";
import { startThumbnailHost } from "../../support/thumbnail-host";
import { APPS, appOrigin, startsEmpty, type AppHandles, type AppName } from "./apps";
import { startSmtpServer } from "./mailbox";
import { machineCpuSeconds, processCpuSeconds } from "../../support/cpu-seconds";

export const E2E_ADMIN = { email: "admin@example.test", password: "e2e-admin-password", username: "admin" };

/** The end of an app's log, so a start that failed says why in the runner's own output (CI keeps no files). */
function logTail(logFile: string, lines = 40) {
  const text = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
  return text.split("\n").slice(-lines).join("\n").trim() || "(the log is empty)";
}

/** Waits for /healthz to answer 200, failing at once if the app exits first (a port taken, a bad database). */
async function waitForHealthy(url: string, app: ChildProcess, timeoutMs: number, logFile: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null) {
      const how = app.exitCode !== null ? `with code ${app.exitCode}` : `on ${app.signalCode}`;
      throw new Error(`the app for ${url} exited ${how} before it was healthy; its log ends:\n${logTail(logFile)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the app for ${url} did not become healthy within ${timeoutMs} ms; its log ends:\n${logTail(logFile)}`,
  );
}

type Started = {
  name: AppName;
  origin: string;
  /** The app's CPU seconds so far; null once it has exited. */
  cpuSeconds(): number | null;
  adminCookies: AppHandles[string]["adminCookies"];
  databaseUrl: string | null;
  stop(): Promise<void>;
};

/**
 * One app of the run: a fresh database of its own (PostgreSQL when TEST_DATABASE_URL is set, else an
 * embedded PGlite directory) and the production build, its seeded administrator signed in once.
 */
async function startApp(name: AppName, runDir: string, shared: NodeJS.ProcessEnv): Promise<Started> {
  const origin = appOrigin(name);
  const env: NodeJS.ProcessEnv = { ...shared, PORT: new URL(origin).port, APP_URL: origin };
  if (startsEmpty(name)) env.SAMPLE_DATA = "false";
  delete env.DATABASE_URL;

  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const database = `wt_e2e_${process.pid}_${name.replace(/-/g, "_")}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    const dataDir = path.join(runDir, `pglite-${name}`);
    env.PGLITE_DATA_DIR = dataDir;
    // Some 40 MB an app: gone with the run, as a PostgreSQL database is dropped (the logs stay).
    dropDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
  }

  const logFile = path.join(runDir, `app-${name}.log`);
  const out = openSync(logFile, "a");
  const app = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", out, out] });
  try {
    await waitForHealthy(`${origin}/healthz`, app, 180_000, logFile);
  } catch (error) {
    // Nothing of a failed start outlives the run: neither a hung app nor its database.
    app.kill("SIGKILL");
    await dropDatabase();
    throw error;
  }

  // The seeded administrator signs in once; specs that only need an admin's browser reuse the session.
  const signIn = await fetch(`${origin}/api/user/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  if (!signIn.ok) throw new Error(`the seeded admin could not sign in (${signIn.status}); see ${logFile}`);
  const adminCookies = signIn.headers.getSetCookie().map((header) => {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
  });

  return {
    name,
    origin,
    cpuSeconds: () => processCpuSeconds(app.pid),
    adminCookies,
    databaseUrl: env.DATABASE_URL ?? null,
    stop: async () => {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (app.exitCode === null) app.kill("SIGKILL");
      await dropDatabase();
    },
  };
}

/**
 * Where the run's CPU went, printed at its end (docs/testing.md): the apps under test, the runner, and the
 * rest of the machine's busy time (the browsers and the workers driving them, on a quiet machine).
 */
function printCpu(apps: Started[], started: { machine: number; runner: NodeJS.CpuUsage; at: number }) {
  const machine = machineCpuSeconds() - started.machine;
  const { user, system } = process.cpuUsage(started.runner);
  const runner = (user + system) / 1e6;
  const perApp = apps.map((app) => [app.name, app.cpuSeconds() ?? 0] as const);
  const appsTotal = perApp.reduce((sum, [, cpu]) => sum + cpu, 0);
  const wall = (Date.now() - started.at) / 1000;
  const s = (value: number) => `${value.toFixed(1)} s`;
  console.log(
    [
      `\nCPU during the run (${s(wall)} on ${availableParallelism()} cores, ${s(wall * availableParallelism())} available):`,
      `  the machine was busy ${s(machine)}`,
      `  apps under test ${s(appsTotal)} (${perApp.map(([name, cpu]) => `${name} ${s(cpu)}`).join(", ")})`,
      `  the test runner ${s(runner)}`,
      `  the rest (browsers, the workers driving them, anything else on the machine) ${s(Math.max(0, machine - appsTotal - runner))}`,
    ].join("\n"),
  );
}

/**
 * Starts what the end-to-end tests run against: a real SMTP server, a stand-in host for video stills, and
 * the apps of support/apps.ts side by side, each on its own database.
 */
export default function globalSetup() {
  return startRun(APPS);
}

/** The same with only some of the apps (the engine flows need one: tests/engines/support/global-setup.ts). */
export async function startRun(names: readonly AppName[]) {
  const runDir = path.resolve("tests/.tmp", `e2e-${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const mailDir = path.join(runDir, "mail");
  const smtp = await startSmtpServer(mailDir);
  // The apps fetch video stills from this stand-in, never from YouTube or Vimeo.
  const thumbnails = await startThumbnailHost();

  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    SESSION_SECRET: "e2e-session-secret-0123456789",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_USERNAME: E2E_ADMIN.username,
    LOG_LEVEL: "warn",
    // Tests sign in far more often from one address than a person would.
    RATE_LIMIT_FACTOR: "50",
    // Playwright's API requests reuse an idle connection without heeding the Keep-Alive hint, so a call
    // made just as the server closed it at 5 s failed with ECONNRESET; a browser sends such a request again.
    KEEP_ALIVE_TIMEOUT_MS: "60000",
    VIDEO_THUMBNAILS: "true",
    VIDEO_THUMBNAIL_HOST: thumbnails.origin,
    VIMEO_OEMBED_HOST: thumbnails.origin,
    VIMEO_THUMBNAIL_HOST: thumbnails.origin,
  };
  const started = { machine: machineCpuSeconds(), runner: process.cpuUsage(), at: Date.now() };
  const starts = await Promise.allSettled(names.map((name) => startApp(name, runDir, shared)));
  const apps = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const failed = starts.find((start) => start.status === "rejected");
  if (failed) {
    await Promise.all(apps.map((app) => app.stop()));
    await Promise.all([smtp.close(), thumbnails.close()]);
    throw failed.reason;
  }

  const handles: AppHandles = Object.fromEntries(
    apps.map(({ origin, adminCookies, databaseUrl }) => [origin, { adminCookies, databaseUrl }]),
  );
  process.env.E2E_APPS = JSON.stringify(handles);
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_RUN_DIR = runDir;

  return async () => {
    printCpu(apps, started);
    await Promise.all(apps.map((app) => app.stop()));
    await smtp.close();
    await thumbnails.close();
  };
}
