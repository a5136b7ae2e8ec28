import { afterEach, describe, expect, test, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  globalThis.__walkingTrailsEnv = undefined;
  vi.resetModules();
});

async function passwordModuleUnder(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  // What production requires besides, so the environment parses as a deployed server's does.
  vi.stubEnv("SESSION_SECRET", "a-session-secret-for-this-test");
  vi.stubEnv("APP_URL", "http://localhost:3000");
  // The environment is parsed once per process; this file's process parses it again under each value.
  globalThis.__walkingTrailsEnv = undefined;
  vi.resetModules();
  return import("~/utils/password.server");
}

describe("password hashing", () => {
  test.each(["production", "development"])("hashes at bcrypt cost 10 under NODE_ENV=%s", async (nodeEnv) => {
    const { BCRYPT_COST, hashPassword, verifyPassword } = await passwordModuleUnder(nodeEnv);
    expect(BCRYPT_COST).toBe(10);
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$sha256\$\$2[aby]\$10\$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
  });

  test("the test runner's cheap hashes and real ones verify alike: the cost travels in the hash", async () => {
    const test = await passwordModuleUnder("test");
    const real = await passwordModuleUnder("production");
    expect(test.BCRYPT_COST).toBe(4);
    expect(await real.verifyPassword("pass1234", await test.hashPassword("pass1234"))).toBe(true);
    expect(await test.verifyPassword("pass1234", await real.hashPassword("pass1234"))).toBe(true);
  });
});
