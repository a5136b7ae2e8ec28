import { afterEach, describe, expect, test } from "vitest";
import {
  apiSignIn,
  emptyDataDir,
  migratedDataDir,
  startApp,
  stopAllApps,
  waitForHealthy,
} from "../support/app-process";

// The production server stopped and started again on the embedded database: what it keeps.
afterEach(stopAllApps);

describe("the production server process across restarts", () => {
  test("on embedded PGlite: migrates, seeds, serves, drains on SIGTERM and keeps its data across restarts", async () => {
    const dataDir = emptyDataDir();
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
    await app.waitForOutput(
      /\{"time":"[^"]+","level":"info","msg":"request","method":"GET","path":"\/","status":200,"ms":[\d.]+/,
    );

    // A second process on the same data directory would silently lose writes: it must refuse.
    const intruder = await startApp(env);
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toContain(
      `the embedded database is in use by another server (process ${app.process.pid} on host`,
    );
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
      PGLITE_DATA_DIR: await migratedDataDir(),
      ADMIN_EMAIL: "writer@example.test",
      ADMIN_PASSWORD: "writer-password",
      RATE_LIMIT_FACTOR: "1000",
      LOG_LEVEL: "warn",
    };
    const trail = "673e9addbf9ebe061ef810bf";
    const app = await startApp(env);
    await waitForHealthy(app, 60_000);
    const signIn = await apiSignIn(app, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const { token } = (await signIn.json()) as { token: string };
    const before = (await (
      await fetch(`${app.url}/api/trails/${trail}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
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
    const after = (await (
      await fetch(`${again.url}/api/trails/${trail}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
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
});
