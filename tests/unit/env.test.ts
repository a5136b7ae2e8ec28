import { describe, expect, test } from "vitest";
import * as z from "zod";
import { describeEnvErrors, parseEnv } from "~/utils/env.server";

function errorsFor(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    return describeEnvErrors(error as z.ZodError);
  }
  return "";
}

describe("configuration", () => {
  test("local defaults need nothing set", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DATA_DIR).toBe(".data/pglite");
    expect(env.COOKIE_SECURE).toBe(false);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(16);
  });

  test("production requires SESSION_SECRET and makes cookies Secure", () => {
    expect(errorsFor({ NODE_ENV: "production" })).toBe(
      "Invalid configuration: SESSION_SECRET is required in production",
    );
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) });
    expect(env.COOKIE_SECURE).toBe(true);
  });

  test.each([
    [{ DATABASE_URL: "mysql://root@localhost/db" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 16 characters"],
    [{ ADMIN_EMAIL: "admin@example.edu" }, "ADMIN_PASSWORD must be set together"],
    [{ DATABASE_POOL_SIZE: "many" }, "DATABASE_POOL_SIZE"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("a bad value is named in one line: %o", (source, expected) => {
    const message = errorsFor(source);
    expect(message).toContain(`Invalid configuration: ${expected.split(" ")[0]}`);
    expect(message).toContain(expected);
    expect(message.split("\n")).toHaveLength(1);
  });

  test("links in mails have a configured origin even when APP_URL is unset: this server's own port", () => {
    expect(parseEnv({}).APP_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "8080", APP_URL: "" }).APP_URL).toBe("http://localhost:8080");
    expect(parseEnv({ APP_URL: "https://trails.example.edu" }).APP_URL).toBe("https://trails.example.edu");
  });

  test("empty strings count as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "", APP_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
