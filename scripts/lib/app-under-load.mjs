// Shared by `npm run bench` and `npm run loadtest`: the production build on a fresh PostgreSQL database
// of its own (seeded, with a known administrator), and a keep-alive HTTP client that never throws.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import pg from "pg";

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const ADMIN = { email: "bench@example.test", password: "bench-password" };

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          ms: performance.now() - started,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", (error) =>
      resolve({
        status: 0,
        error: error.code ?? error.message,
        ms: performance.now() - started,
        headers: {},
        body: Buffer.alloc(0),
      }),
    );
    if (body) req.write(body);
    req.end();
  });
}

/**
 * CPU milliseconds (user + system) a process has used so far, from Linux's /proc; null elsewhere. Unlike
 * requests per second, it hardly moves when other work shares the machine's cores.
 */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

function spawnApp(databaseUrl, port) {
  return spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "load-session-secret-0123456789",
      APP_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "silent",
      RATE_LIMIT_FACTOR: "100000",
      // Every simulated visitor comes from 127.0.0.1: the per-address cap would cut the crowd off as one
      // client (connection resets once a busy machine keeps more than 100 requests open).
      MAX_CONNECTIONS_PER_ADDRESS: "100000",
      // Measurements of the app alone: no background fetches of video stills from hosts it cannot reach.
      VIDEO_THUMBNAILS: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Starts the app on a new database; `stop()` ends it and drops the database. With `instances` > 1, that
 * many servers start at the same moment on the one database (as containers behind a load balancer do):
 * `bases` and `pids` list them all, `base` and `pid` are the first.
 */
export async function startAppUnderLoad(prefix, { instances = 1 } = {}) {
  const name = `${prefix}_${process.pid}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const ports = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const apps = ports.map((port) => spawnApp(dbUrl.toString(), port));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  for (const [i, base] of bases.entries()) {
    for (let tries = 0; tries < 900; tries++) {
      if ((await request(`${base}/healthz`)).status === 200) break;
      if (apps[i].exitCode !== null) throw new Error(`the app at ${base} exited (${apps[i].exitCode}) while starting`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    base: bases[0],
    bases,
    pid: apps[0].pid,
    pids: apps.map((app) => app.pid),
    databaseUrl: dbUrl.toString(),
    async stop() {
      await Promise.all(
        apps.map((app) => {
          if (app.exitCode !== null) return undefined;
          app.kill("SIGTERM");
          return new Promise((r) => app.once("exit", r));
        }),
      );
      agent.destroy();
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function apiSignIn(base, credentials) {
  const response = await request(`${base}/api/user/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const cookies = [response.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]);
  return { token: JSON.parse(response.body.toString()).token, cookie: cookies.join("; ") };
}
