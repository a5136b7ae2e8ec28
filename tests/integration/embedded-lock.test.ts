// The embedded database's lock must hold across containers, where every server is pid 1 and no
// container sees another's processes: only a heartbeat tells a live holder from a dead one.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { migratedDataDir, startApp, stopAllApps, waitForHealthy } from "../support/app-process";

afterAll(stopAllApps);

function dataDir() {
  return path.join(mkdtempSync(path.join(tmpdir(), "wt-lock-")), "pglite");
}

/** A lock as another container's server writes it: pid 1, its own host name. */
function foreignLock(dir: string, heartbeatAgoMs: number) {
  mkdirSync(path.dirname(dir), { recursive: true });
  writeFileSync(
    `${dir}.lock`,
    JSON.stringify({ owner: "other-container", host: "3f2a9c1b7d4e", pid: 1, heartbeat: Date.now() - heartbeatAgoMs }),
  );
}

describe("one server per embedded database", () => {
  test("a lock kept alive by a server in another container (pid 1, another host) refuses this one with one line", async () => {
    const dir = dataDir();
    foreignLock(dir, 500);
    const app = await startApp({ PGLITE_DATA_DIR: dir });
    expect(await app.exited).toBe(1);
    const lines = app.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot start: .*the embedded database is in use by another server \(process 1 on host 3f2a9c1b7d4e, alive \d+ s ago\)/,
    );
    // The holder's lock is left as it was.
    expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8")).owner).toBe("other-container");
  }, 60_000);

  test("a lock whose heartbeat stopped (its container died) is taken over, and this server keeps it alive", async () => {
    const dir = await migratedDataDir();
    foreignLock(dir, 60_000);
    const app = await startApp({ PGLITE_DATA_DIR: dir });
    await waitForHealthy(app, 60_000);
    const first = JSON.parse(readFileSync(`${dir}.lock`, "utf8"));
    expect(first.owner).not.toBe("other-container");
    expect(first.pid).toBe(app.process.pid);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8")).heartbeat).toBeGreaterThan(first.heartbeat);
    // A second server, as another container would start it, is refused while this one lives.
    const second = await startApp({ PGLITE_DATA_DIR: dir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("the embedded database is in use by another server");
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(await app.stop("SIGTERM")).toBe(0);
  }, 60_000);

  test("a data directory this user cannot write gets one line saying so", () => {
    const parent = mkdtempSync(path.join(tmpdir(), "wt-lock-ro-"));
    chmodSync(parent, 0o700);
    // Run as nobody (tests run as root, whom permissions do not stop).
    const result = spawnSync(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "build/server.js"],
      {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          PORT: "1",
          HOST: "127.0.0.1",
          APP_URL: "http://127.0.0.1:1",
          SESSION_SECRET: "test-session-secret-0123456789",
          PGLITE_DATA_DIR: path.join(parent, "pglite"),
        },
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    rmSync(parent, { recursive: true, force: true });
    expect(result.status).toBe(1);
    const lines = `${result.stdout}${result.stderr}`.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/the embedded database directory cannot be written by user 65534 \(EACCES\)/);
    expect(lines[0]).not.toMatch(/ENOENT/);
  }, 60_000);
});
