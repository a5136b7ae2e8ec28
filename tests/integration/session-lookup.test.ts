// The session lookup behind every signed-in page: one indexed query per request (the session by its
// primary key, joined to its user, with every data version in the same statement), although the root's
// loader and the page's both ask for the user: they share one lookup per request. Counted on the wire,
// between the production server and PostgreSQL, so it needs a PostgreSQL server (vitest.config.ts leaves
// this file out, and says why, without TEST_DATABASE_URL).
import { connect, createServer, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, stopAllApps, waitForHealthy, type AppProcess } from "../support/app-process";
import { testDatabaseUrl } from "../support/database-template";

const ADMIN = { email: "lookup@example.test", password: "lookup-password" };
let admin: pg.Client;
let databaseName: string;
let app: AppProcess;
let proxy: ReturnType<typeof createServer>;
const sockets = new Set<Socket>();
let sessionQueries = 0;
let queries = 0;

beforeAll(async () => {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl)
    throw new Error("session-lookup.test.ts needs TEST_DATABASE_URL (vitest.config.ts excludes it otherwise)");
  databaseName = `wt_lookup_${process.pid}`;
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const target = new URL(adminUrl);
  // Forwards the app's connections to PostgreSQL and counts the statements it sends (each one's text
  // travels in a Parse message, or a simple Query message).
  proxy = createServer((socket) => {
    sockets.add(socket);
    const upstream = connect(Number(target.port || 5432), target.hostname);
    let pending = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The startup packet has no type byte; every later message is a type, a length and the body.
        if (pending.length < 5) break;
        const type = String.fromCharCode(pending[0]);
        const length = pending.readUInt32BE(1);
        if (!/[A-Za-z]/.test(type) || length < 4) {
          pending = Buffer.alloc(0); // the startup or SSL request: not a statement
          break;
        }
        if (pending.length < 1 + length) break;
        const body = pending.subarray(5, 1 + length).toString("utf8");
        if (type === "P" || type === "Q") {
          queries++;
          if (/"Session"/.test(body)) sessionQueries++;
        }
        pending = pending.subarray(1 + length);
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => socket.write(chunk));
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    socket.on("close", () => upstream.destroy());
    upstream.on("close", () => socket.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  url.host = `127.0.0.1:${(proxy.address() as { port: number }).port}`;
  app = await startApp({
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
  });
  await waitForHealthy(app, 90_000);
}, 120_000);

afterAll(async () => {
  await stopAllApps();
  proxy?.close();
  for (const socket of sockets) socket.destroy();
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
});

async function counted(run: () => Promise<unknown>) {
  const [sessionsBefore, queriesBefore] = [sessionQueries, queries];
  await run();
  return { session: sessionQueries - sessionsBefore, all: queries - queriesBefore };
}

describe("signed-in requests", () => {
  test("look the session up once, with the user in the same query", async () => {
    const signIn = await fetch(`${app.url}/api/user/signin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { token } = (await signIn.json()) as { token: string };
    // Pages whose root and page loaders both need the user (/ sends a signed-in person home), and the API.
    for (const [path, status] of [
      ["/", 302],
      ["/trails", 200],
      ["/bodyWeightExercises", 200],
      ["/userHome", 200],
      ["/adminHome", 200],
    ] as const) {
      const lookups = await counted(async () => {
        const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(response.status, path).toBe(status);
        await response.text();
      });
      expect(lookups.session, path).toBe(1);
    }
    // A video page once its catalogue is in memory: one statement, the session with the data versions,
    // the counters and the person's reactions.
    const videoPage = await counted(async () => {
      const response = await fetch(`${app.url}/bodyWeightExercises`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      await response.text();
    });
    expect(videoPage).toEqual({ session: 1, all: 1 });
    const api = await counted(async () => {
      const response = await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      await response.json();
    });
    // The session with its user and the data versions, in one statement: the trails come from memory.
    expect(api).toEqual({ session: 1, all: 1 });
  });
});
