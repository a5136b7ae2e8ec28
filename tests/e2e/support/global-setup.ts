import { spawn } from "node:child_process";
import { mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startThumbnailHost } from "../../support/thumbnail-host";
import { startSmtpServer } from "./mailbox";

export const E2E_ADMIN = { email: "admin@example.test", password: "e2e-admin-password", username: "admin" };

async function waitForHealthy(url: string, timeoutMs: number, logFile: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not become healthy within ${timeoutMs} ms; see ${logFile}`);
}

/**
 * Starts what the end-to-end tests run against: a real SMTP server, a fresh database (PostgreSQL when
 * TEST_DATABASE_URL is set, else an embedded PGlite directory) and the production build of the app.
 */
export default async function globalSetup() {
  const runDir = path.resolve("tests/.tmp", `e2e-${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const mailDir = path.join(runDir, "mail");
  const smtp = await startSmtpServer(mailDir);
  // The app fetches video stills from this stand-in, never from YouTube or Vimeo.
  const thumbnails = await startThumbnailHost();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: process.env.E2E_PORT!,
    HOST: "127.0.0.1",
    SESSION_SECRET: "e2e-session-secret-0123456789",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_USERNAME: E2E_ADMIN.username,
    APP_URL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    LOG_LEVEL: "warn",
    // Tests sign in far more often from one address than a person would.
    RATE_LIMIT_FACTOR: "50",
    VIDEO_THUMBNAILS: "true",
    VIDEO_THUMBNAIL_HOST: thumbnails.origin,
    VIMEO_OEMBED_HOST: thumbnails.origin,
    VIMEO_THUMBNAIL_HOST: thumbnails.origin,
  };
  delete env.DATABASE_URL;

  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `wt_e2e_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    process.env.E2E_DATABASE_URL = env.DATABASE_URL;
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    env.PGLITE_DATA_DIR = path.join(runDir, "pglite");
  }

  const logFile = path.join(runDir, "app.log");
  const out = openSync(logFile, "a");
  const app = spawn(process.execPath, ["build/server.js"], {
    env,
    stdio: ["ignore", out, out],
  });
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  await waitForHealthy(`${baseURL}/healthz`, 180_000, logFile);

  // The seeded administrator signs in once; specs that only need an admin's browser reuse the session.
  const signIn = await fetch(`${baseURL}/api/user/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  if (!signIn.ok) throw new Error(`the seeded admin could not sign in (${signIn.status}); see ${logFile}`);
  const cookies = signIn.headers.getSetCookie().map((header) => {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
  });
  process.env.E2E_ADMIN_COOKIES = JSON.stringify(cookies);

  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_RUN_DIR = runDir;
  process.env.E2E_APP_LOG = logFile;

  return async () => {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (app.exitCode === null) app.kill("SIGKILL");
    await smtp.close();
    await thumbnails.close();
    await dropDatabase();
  };
}
