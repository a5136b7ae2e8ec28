import { existsSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  apiSignIn,
  appDatabase,
  freePort,
  migratedDataDir,
  runNpmStart,
  runStartScript,
  startApp,
  stopAllApps,
  waitForHealthy,
} from "../support/app-process";
import { testDatabaseUrl } from "../support/database-template";

// The production server's start: what it refuses, what it says, and what it logs. Its restarts and its
// database going away are server-restarts.test.ts and server-database-outage.test.ts, so the three
// files' waits overlap.
afterEach(stopAllApps);

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

  test("a PORT another process holds stops the start with one line naming the port, no stack", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const app = await startApp({ PORT: String(port), ...(await appDatabase()) });
      expect(await app.exited).toBe(1);
      expect(app.output().trim().split("\n").at(-1)).toBe(
        `Cannot start: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
      );
      expect(app.output()).not.toMatch(/at .*\(.*\.js:\d+/);
    } finally {
      holder.close();
    }
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
    // Migrated but without an account, as a first start leaves it before the seed: the empty directory's
    // own first start (initdb and migrations) is server-restarts.test.ts's.
    const dataDir = await migratedDataDir();
    const first = await runStartScript({ PGLITE_DATA_DIR: dataDir });
    await first.waitForOutput(/Walking Trails is running at .*\n(.*\n)*\s+Store it now/, 90_000);
    const [, email, password] = /email: +(\S+)\n +password: +(\S+)/.exec(first.output())!;
    expect(first.output().match(/Administrator account created/g)).toHaveLength(1);
    // The login stands under the ready line, where it is seen, not among the start-up lines.
    expect(first.output()).toMatch(
      /Walking Trails is running at \S+\nAdministrator account created:\n {2}email: +admin@walkingtrails.local\n/,
    );
    // Nothing keeps it: a file would go stale the moment the password changes.
    expect(existsSync(path.join(path.dirname(dataDir), "admin-credentials.txt"))).toBe(false);

    // The administrator changes their password (signed in just now, so no current password is needed).
    const signIn = await apiSignIn(first, email, password);
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
    const app = await runNpmStart({ PGLITE_DATA_DIR: await migratedDataDir() });
    await app.waitForOutput(/Walking Trails is running at/, 90_000);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    // npm's pid alone, as a supervisor (systemd, a container's init) signals it: not the process group.
    process.kill(app.process.pid!, "SIGTERM");
    const exited = await Promise.race([
      app.exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    expect(exited).toBe(true);
    expect(app.output()).toContain('"msg":"shutdown complete"');
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  }, 150_000);

  test("an administrator from ADMIN_EMAIL is announced once, without repeating the password", async () => {
    const app = await startApp({
      ...(await appDatabase()),
      ADMIN_EMAIL: "boss@example.test",
      ADMIN_PASSWORD: "boss-password",
    });
    await waitForHealthy(app, 60_000);
    expect(app.output()).toContain(
      "Administrator account created:\n  email:    boss@example.test\n  password: the one in ADMIN_PASSWORD",
    );
    // No SMTP_URL: the operator is told, once, that mail is not sent but written to a folder.
    expect(
      app.output().match(/"level":"warn","msg":"SMTP_URL is not set: mail is written to the outbox folder, not sent"/g),
    ).toHaveLength(1);
    expect(app.output()).not.toContain("boss-password");
    expect(await app.stop()).toBe(0);
  }, 120_000);

  test("every request is one JSON log line, and nothing else is logged for it", async () => {
    const app = await startApp({
      ...(await appDatabase()),
      ADMIN_EMAIL: "log@example.test",
      ADMIN_PASSWORD: "log-password",
    });
    await waitForHealthy(app, 60_000);
    const startup = app.output().length;
    const paths = ["/", "/about", "/no-such-page", "/api/video/videos", "/logo.svg", "/reset/secret-token"];
    for (const target of paths) await (await fetch(`${app.url}${target}?q=private`)).arrayBuffer();
    await fetch(`${app.url}/authorization?formType=signin`, {
      method: "POST",
      body: "x=1",
      headers: { "Content-Type": "text/plain" },
    });
    await app.waitForOutput(/"path":"\/authorization","status":\d+/);
    const lines = app.output().slice(startup).trim().split("\n");
    const records = lines.map((line) => JSON.parse(line) as { msg: string; path: string; status: number });
    expect(records.every((record) => record.msg === "request")).toBe(true);
    // Each line is written when its answer is complete, so two quick requests may log in either order.
    expect(records.map((record) => record.path).sort()).toEqual(
      [...paths.slice(0, 5), "/reset/[redacted]", "/authorization"].sort(),
    );
    expect(await app.stop()).toBe(0);
  }, 120_000);
});
