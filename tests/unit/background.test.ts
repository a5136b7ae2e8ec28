import { describe, expect, test, vi } from "vitest";
import { pendingBackgroundJobs, runAfterAnswer, settleBackgroundJobs } from "~/utils/background.server";
import { env } from "~/utils/env.server";

describe("work started after an answer", () => {
  test("starts only after the current request's code has run, and is counted until it ends", async () => {
    const steps: string[] = [];
    let release!: () => void;
    runAfterAnswer("test job", async () => {
      steps.push("job started");
      await new Promise<void>((resolve) => (release = resolve));
      steps.push("job done");
    });
    steps.push("answered");
    await Promise.resolve();
    expect(steps).toEqual(["answered"]);
    expect(pendingBackgroundJobs()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(["answered", "job started"]);
    // A graceful shutdown waits for it (briefly): not done within the time given, done once released.
    expect(await settleBackgroundJobs(50)).toBe(false);
    release();
    expect(await settleBackgroundJobs(1000)).toBe(true);
    expect(steps).toEqual(["answered", "job started", "job done"]);
    expect(pendingBackgroundJobs()).toBe(0);
  });

  test("waits for jobs that jobs start, and a failure is logged by the job's name only", async () => {
    env.LOG_LEVEL = "error";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let logged: string[] = [];
    try {
      let second = false;
      runAfterAnswer("outer", async () => {
        runAfterAnswer("inner", async () => {
          second = true;
          throw new Error("secret@example.test could not be reached");
        });
      });
      expect(await settleBackgroundJobs()).toBe(true);
      expect(second).toBe(true);
    } finally {
      logged = errors.mock.calls.map((call) => String(call[0]));
      errors.mockRestore();
      env.LOG_LEVEL = "silent";
    }
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({
      level: "error",
      msg: "background job failed",
      job: "inner",
      error: "Error",
    });
    expect(logged[0]).not.toContain("secret@example.test");
  });
});
