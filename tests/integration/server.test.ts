import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer as createNetServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { freePort, migratedDataDir, runStartScript, runNpmStart, startApp, stopAllApps, waitForHealthy, type AppProcess } from "../support/app-process";
import { testDatabaseUrl } from "../support/database-template";

const dirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "wt-pglite-"));
  dirs.push(dir);
  return path.join(dir, "pglite");
}
afterEach(stopAllApps);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function postSignIn(app: AppProcess, email: string, password: string, cookie?: string) {
  return fetch(`${app.url}/api/user/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });
}

/** A new PostgreSQL database for one test, and the admin connection that made it and drops it. */
async function scratchDatabase(prefix: string) {
  const adminUrl = testDatabaseUrl()!;
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    admin,
    name,
    url,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe("the production server process", () => {
  test("refuses to start without SESSION_SECRET in production, naming the variable in one line", async () => {
    const app = await startApp({ SESSION_SECRET: undefined, PGLITE_DATA_DIR: "memory://" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain("Invalid configuration: SESSION_SECRET is required in production");
    expect(app.output()).not.toMatch(/at .*\(.*\.js:\d+/); // one clear line, not a stack trace
  });

  test("refuses a malformed DATABASE_URL", async () => {
    const app = await startApp({ DATABASE_URL: "mysql://root@localhost/trails" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain("Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL");
  });

  test("PORT=abc stops the start with one line, the same from npm start", async () => {
    const app = await startApp({ PORT: "abc", PGLITE_DATA_DIR: "memory://" });
    expect(await app.exited).toBe(1);
    expect(app.output().trim()).toBe("Invalid configuration: PORT must be a whole number from 1 to 65535");

    const start = await runStartScript({ PORT: "abc" });
    expect(await start.exited).toBe(1);
    expect(start.output().trim()).toBe("Invalid configuration: PORT must be a whole number from 1 to 65535");
  });

  test("a database nobody answers on stops the start with one line naming DATABASE_URL and the cause, no stack", async () => {
    const closedPort = await freePort();
    const app = await startApp({ DATABASE_URL: `postgresql://trails:secret@127.0.0.1:${closedPort}/trails` });
    expect(await app.exited).toBe(1);
    expect(app.output().trim()).toBe(
      `Cannot start: the database at DATABASE_URL (postgresql://trails:*****@127.0.0.1:${closedPort}/trails) could not be used: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
    );
  });

  if (testDatabaseUrl()) {
    test("on PostgreSQL: a database that does not exist stops the start with one line naming DATABASE_URL", async () => {
      const url = new URL(testDatabaseUrl()!);
      url.pathname = `/missing_${process.pid}`;
      const app = await startApp({ DATABASE_URL: url.toString() });
      expect(await app.exited).toBe(1);
      expect(app.output().trim()).toMatch(
        new RegExp(
          `^Cannot start: the database at DATABASE_URL \\(.*/missing_${process.pid}\\) could not be used: database "missing_${process.pid}" does not exist$`,
        ),
      );
    });
  }

  test("npm start prints the administrator's login once, when it was created, and never again after it changed", async () => {
    const dataDir = tempDataDir();
    const first = await runStartScript({ PGLITE_DATA_DIR: dataDir });
    await first.waitForOutput(/Walking Trails is running at .*\n(.*\n)*\s+Store it now/, 90_000);
    const [, email, password] = /email: +(\S+)\n +password: +(\S+)/.exec(first.output())!;
    expect(first.output().match(/Administrator account created/g)).toHaveLength(1);
    // The login stands under the ready line, where it is seen, not among the start-up lines.
    expect(first.output()).toMatch(/Walking Trails is running at \S+\nAdministrator account created:\n {2}email: +admin@walkingtrails.local\n/);
    // Nothing keeps it: a file would go stale the moment the password changes.
    expect(existsSync(path.join(path.dirname(dataDir), "admin-credentials.txt"))).toBe(false);

    // The administrator changes their password (signed in just now, so no current password is needed).
    const signIn = await postSignIn(first, email, password);
    const { token, result } = (await signIn.json()) as { token: string; result: { _id: string } };
    const changed = await fetch(`${first.url}/api/user/updateProfile/${result._id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ password: "a-new-admin-password", confirmPassword: "a-new-admin-password" }),
    });
    expect(changed.status).toBe(200);
    expect(await first.stop("SIGTERM")).toBe(0);

    const again = await runStartScript({ PGLITE_DATA_DIR: dataDir });
    await again.waitForOutput(/Walking Trails is running at/, 90_000);
    expect(again.output()).not.toContain("Administrator account created");
    expect(again.output()).not.toContain(password);
    expect(again.output()).not.toContain("a-new-admin-password");
    expect(await again.stop("SIGTERM")).toBe(0);
  }, 240_000);

  test("npm start stops gracefully when a supervisor sends SIGTERM to npm's own pid, and leaves no server behind", async () => {
    const app = await runNpmStart({ PGLITE_DATA_DIR: migratedDataDir() });
    await app.waitForOutput(/Walking Trails is running at/, 90_000);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    // npm's pid alone, as a supervisor (systemd, a container's init) signals it: not the process group.
    process.kill(app.process.pid!, "SIGTERM");
    const exited = await Promise.race([app.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20_000))]);
    expect(exited).toBe(true);
    expect(app.output()).toContain('"msg":"shutdown complete"');
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  }, 150_000);

  test("an administrator from ADMIN_EMAIL is announced once, without repeating the password", async () => {
    const app = await startApp({ PGLITE_DATA_DIR: migratedDataDir(), ADMIN_EMAIL: "boss@example.test", ADMIN_PASSWORD: "boss-password" });
    await waitForHealthy(app, 60_000);
    expect(app.output()).toContain("Administrator account created:\n  email:    boss@example.test\n  password: the one in ADMIN_PASSWORD");
    // No SMTP_URL: the operator is told, once, that mail is not sent but written to a folder.
    expect(app.output().match(/"level":"warn","msg":"SMTP_URL is not set: mail is written to the outbox folder, not sent"/g)).toHaveLength(1);
    expect(app.output()).not.toContain("boss-password");
    expect(await app.stop()).toBe(0);
  }, 120_000);

  test("every request is one JSON log line, and nothing else is logged for it", async () => {
    const app = await startApp({ PGLITE_DATA_DIR: migratedDataDir(), ADMIN_EMAIL: "log@example.test", ADMIN_PASSWORD: "log-password" });
    await waitForHealthy(app, 60_000);
    const startup = app.output().length;
    const paths = ["/", "/about", "/no-such-page", "/api/video/videos", "/logo.svg", "/reset/secret-token"];
    for (const target of paths) await (await fetch(`${app.url}${target}?q=private`)).arrayBuffer();
    await fetch(`${app.url}/authorization?formType=signin`, { method: "POST", body: "x=1", headers: { "Content-Type": "text/plain" } });
    await app.waitForOutput(/"path":"\/authorization","status":\d+/);
    const lines = app.output().slice(startup).trim().split("\n");
    const records = lines.map((line) => JSON.parse(line) as { msg: string; path: string; status: number });
    expect(records.every((record) => record.msg === "request")).toBe(true);
    // Each line is written when its answer is complete, so two quick requests may log in either order.
    expect(records.map((record) => record.path).sort()).toEqual([...paths.slice(0, 5), "/reset/[redacted]", "/authorization"].sort());
    expect(await app.stop()).toBe(0);
  }, 120_000);

  test("on embedded PGlite: migrates, seeds, serves, drains on SIGTERM and keeps its data across restarts", async () => {
    const dataDir = tempDataDir();
    const env = { PGLITE_DATA_DIR: dataDir, ADMIN_EMAIL: "boss@example.test", ADMIN_PASSWORD: "boss-password" };
    const app = await startApp(env);
    await waitForHealthy(app, 60_000);
    expect(app.output()).toContain('"msg":"migrations applied"');
    expect(app.output()).toContain('"msg":"seed data applied"');
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "up" });
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    // The access log line is written once the answer is complete.
    await app.waitForOutput(/\{"time":"[^"]+","level":"info","msg":"request","method":"GET","path":"\/","status":200,"ms":[\d.]+/);

    // A second process on the same data directory would silently lose writes: it must refuse.
    const intruder = await startApp(env);
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toContain(`the embedded database is in use by another server (process ${app.process.pid} on host`);
    // The first keeps serving.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    expect(await app.stop("SIGTERM")).toBe(0);
    expect(app.output()).toContain('"msg":"shutdown complete"');

    const again = await startApp(env);
    await waitForHealthy(again, 60_000);
    expect(again.output()).not.toContain("seed data applied");
    expect(again.output()).not.toContain("migrations applied");
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  }, 120_000);

  test("killed in the middle of coordinate inserts, the restarted app finds whole changes only", async () => {
    const env = {
      PGLITE_DATA_DIR: migratedDataDir(),
      ADMIN_EMAIL: "writer@example.test",
      ADMIN_PASSWORD: "writer-password",
      RATE_LIMIT_FACTOR: "1000",
      LOG_LEVEL: "warn",
    };
    const trail = "673e9addbf9ebe061ef810bf";
    const app = await startApp(env);
    await waitForHealthy(app, 60_000);
    const signIn = await postSignIn(app, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const { token } = (await signIn.json()) as { token: string };
    const before = (await (await fetch(`${app.url}/api/trails/${trail}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      path: { coordinates: number[][] };
    };
    // Keep inserts in flight (each one shifts every later point) and kill the process without warning.
    const inserts = Array.from({ length: 40 }, (_, n) =>
      fetch(`${app.url}/api/trails/${trail}/coordinate`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ index: 1, coordinate: [-84.006 - n / 100_000, 33.98] }),
      }).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    app.process.kill("SIGKILL");
    const statuses = await Promise.all(inserts);
    await app.exited;

    const again = await startApp(env);
    await waitForHealthy(again, 60_000);
    const after = (await (await fetch(`${again.url}/api/trails/${trail}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      path: { coordinates: number[][] };
    };
    const added = after.path.coordinates.length - before.path.coordinates.length;
    // Every acknowledged insert survived, and nothing half-done: the original points keep their order
    // around the inserted ones, which sit together at index 1.
    expect(added).toBeGreaterThanOrEqual(statuses.filter((status) => status === 200).length);
    expect(after.path.coordinates[0]).toEqual(before.path.coordinates[0]);
    expect(after.path.coordinates.slice(1 + added)).toEqual(before.path.coordinates.slice(1));
    for (const point of after.path.coordinates.slice(1, 1 + added)) expect(point[1]).toBe(33.98);
    expect(await again.stop()).toBe(0);
  }, 180_000);

  // A database that can disappear under a running app exists only with a PostgreSQL server.
  if (testDatabaseUrl()) {
    test("on PostgreSQL: health, pages and API answer 503 while the database refuses connections, and recover without a restart", async () => {
      const { admin, name, url, drop } = await scratchDatabase("wt_health");
      const app = await startApp({ DATABASE_URL: url.toString(), ADMIN_EMAIL: "ops@example.test", ADMIN_PASSWORD: "ops-password" });
      try {
        await waitForHealthy(app, 60_000);
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
        const signIn = await postSignIn(app, "ops@example.test", "ops-password");
        const { token } = (await signIn.json()) as { token: string };
        const cookie = signIn.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
        const started = Date.now();
        const down = await fetch(`${app.url}/healthz`);
        expect(down.status).toBe(503);
        expect(await down.json()).toEqual({ status: "unavailable", database: "down" });
        expect(Date.now() - started).toBeLessThan(3_000);
        // Pages and the API answer a clear 503 promptly instead of hanging or failing with a 500.
        const apiStarted = Date.now();
        const api = await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } });
        expect(api.status).toBe(503);
        expect((await api.json()).message).toMatch(/temporarily unavailable/);
        expect(Date.now() - apiStarted).toBeLessThan(3_000);
        const page = await fetch(`${app.url}/trails`, { headers: { Cookie: cookie } });
        expect(page.status).toBe(503);
        expect(await page.text()).toContain("Service temporarily unavailable");
        // A reset request that cannot even be recorded says so instead of promising a mail.
        const reset = await fetch(`${app.url}/api/send-reset-link`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "ops@example.test" }),
        });
        expect(reset.status).toBe(503);
        expect(await reset.text()).toBe("Error sending reset link.");
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
        // Back without a restart: the same token works again.
        expect((await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
        expect(await app.stop()).toBe(0);
      } finally {
        await app.stop();
        await drop();
      }
    }, 120_000);

    test("on PostgreSQL: a database host that stops answering gives 503 within seconds, while a busy pool queues instead of failing", async () => {
      const database = await scratchDatabase("wt_silent");
      const target = database.url;
      // Between the app and PostgreSQL: forwards, or accepts connections and never answers (a host
      // that is gone behind a firewall, where no "connection refused" ever arrives).
      let silent = false;
      const forwarded = new Set<Socket>();
      const proxy = createNetServer((socket) => {
        socket.on("error", () => {});
        if (silent) return;
        const upstream = connect(Number(target.port || 5432), target.hostname);
        upstream.on("error", () => socket.destroy());
        socket.on("close", () => upstream.destroy());
        upstream.on("close", () => socket.destroy());
        forwarded.add(socket);
        socket.pipe(upstream).pipe(socket);
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      const url = new URL(database.url);
      url.host = `127.0.0.1:${(proxy.address() as { port: number }).port}`;
      const app = await startApp({
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: "1",
        RATE_LIMIT_FACTOR: "1000",
        ADMIN_EMAIL: "ops@example.test",
        ADMIN_PASSWORD: "ops-password",
        LOG_LEVEL: "warn",
      });
      try {
        await waitForHealthy(app, 60_000);
        // The first sign-in earns this client the account's device cookie: forty sign-ins in flight at once
        // would otherwise look like a guessing attack to a new device (decision 040), which is not what
        // this test is about.
        const first = await postSignIn(app, "ops@example.test", "ops-password");
        expect(first.status).toBe(200);
        const device = first.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .filter((c) => c.startsWith("__device="))
          .join("; ");
        expect(device).not.toBe("");
        const signIn = () => postSignIn(app, "ops@example.test", "ops-password", device);
        // Forty sign-ins at once through one connection: each hashes a password while the others wait
        // their turn for the connection; congestion must not be mistaken for an outage.
        const statuses = (await Promise.all(Array.from({ length: 40 }, signIn))).map((response) => response.status);
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
        const signedIn = await signIn();
        const { token } = (await signedIn.json()) as { token: string };
        // Reactions are transactions: queued behind one another for the one connection, each still lands.
        const cookie = signedIn.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const videos = (await (await fetch(`${app.url}/api/video/videos`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { _id: string }[];
        const reactions = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            fetch(`${app.url}/videos/${videos[i % videos.length]._id}`, {
              method: "POST",
              headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent: i % 2 ? "like" : "dislike" }),
              redirect: "manual",
            }).then((response) => response.status),
          ),
        );
        expect(reactions.filter((status) => status !== 302)).toEqual([]);

        silent = true;
        for (const socket of forwarded) socket.destroy();
        const started = Date.now();
        const api = await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } });
        expect(api.status).toBe(503);
        expect((await api.json()).message).toMatch(/temporarily unavailable/);
        expect(Date.now() - started).toBeLessThan(5_000);

        silent = false;
        expect((await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
        expect(await app.stop()).toBe(0);
      } finally {
        await app.stop();
        proxy.close();
        for (const socket of forwarded) socket.destroy();
        await database.drop();
      }
    }, 120_000);
  }
});
