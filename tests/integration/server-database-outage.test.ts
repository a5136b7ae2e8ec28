import { connect, createServer as createNetServer, type Socket } from "node:net";
import pg from "pg";
import { afterEach, describe, expect, test } from "vitest";
import { apiSignIn, startApp, stopAllApps, waitForHealthy } from "../support/app-process";
import { testDatabaseUrl } from "../support/database-template";

// The production server while its PostgreSQL refuses connections or stops answering.
afterEach(stopAllApps);

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

// A database that can disappear under a running app exists only with a PostgreSQL server: without
// TEST_DATABASE_URL the run leaves this file out and says so (vitest.config.ts).
describe("the production server process when its database goes away", () => {
  test("on PostgreSQL: health, pages and API answer 503 while the database refuses connections, and recover without a restart", async () => {
    const { admin, name, url, drop } = await scratchDatabase("wt_health");
    const app = await startApp({
      DATABASE_URL: url.toString(),
      ADMIN_EMAIL: "ops@example.test",
      ADMIN_PASSWORD: "ops-password",
    });
    try {
      await waitForHealthy(app, 60_000);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      const signIn = await apiSignIn(app, "ops@example.test", "ops-password");
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
      expect(api.status, app.output()).toBe(503);
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
      expect(
        (await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
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
      const first = await apiSignIn(app, "ops@example.test", "ops-password");
      expect(first.status).toBe(200);
      const device = first.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .filter((c) => c.startsWith("__device="))
        .join("; ");
      expect(device).not.toBe("");
      const signIn = () => apiSignIn(app, "ops@example.test", "ops-password", device);
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
      const videos = (await (
        await fetch(`${app.url}/api/video/videos`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { _id: string }[];
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
      expect(api.status, app.output()).toBe(503);
      expect((await api.json()).message).toMatch(/temporarily unavailable/);
      expect(Date.now() - started).toBeLessThan(5_000);

      silent = false;
      expect(
        (await fetch(`${app.url}/api/trails/trails`, { headers: { Authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
      expect(await app.stop()).toBe(0);
    } finally {
      await app.stop();
      proxy.close();
      for (const socket of forwarded) socket.destroy();
      await database.drop();
    }
  }, 120_000);
});
