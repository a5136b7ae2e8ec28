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
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.COOKIE_SECURE).toBe(false);
    expect(env.TRUST_PROXY).toBe(0);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(16);
    expect(parseEnv({ PORT: "4100" }).APP_URL).toBe("http://localhost:4100");
  });

  test("VIDEO_MEDIA_ORIGINS: https origins only, as a list", () => {
    expect(parseEnv({}).VIDEO_MEDIA_ORIGINS).toEqual([]);
    expect(
      parseEnv({ VIDEO_MEDIA_ORIGINS: " https://media.example.edu, https://cdn.example.edu:8443/ " })
        .VIDEO_MEDIA_ORIGINS,
    ).toEqual(["https://media.example.edu", "https://cdn.example.edu:8443"]);
    for (const bad of [
      "http://media.example.edu",
      "https://media.example.edu/videos",
      "*",
      "https://user:pw@media.example.edu",
    ]) {
      expect(errorsFor({ VIDEO_MEDIA_ORIGINS: bad }), bad).toMatch(/VIDEO_MEDIA_ORIGINS.*https origins/);
    }
  });

  test("the hosts video stills are fetched from: https origins, or http on this machine; the real hosts by default", () => {
    const env = parseEnv({});
    expect([
      env.VIDEO_THUMBNAILS,
      env.VIDEO_THUMBNAIL_HOST,
      env.VIMEO_OEMBED_HOST,
      env.VIMEO_THUMBNAIL_HOST,
      env.VIDEO_THUMBNAIL_RETRY_SECONDS,
    ]).toEqual([true, "https://i.ytimg.com", "https://vimeo.com", "https://i.vimeocdn.com", 300]);
    expect(parseEnv({ VIDEO_THUMBNAIL_HOST: "http://127.0.0.1:4567/" }).VIDEO_THUMBNAIL_HOST).toBe(
      "http://127.0.0.1:4567",
    );
    expect(parseEnv({ VIDEO_THUMBNAILS: "false" }).VIDEO_THUMBNAILS).toBe(false);
    for (const bad of [
      "http://i.ytimg.com",
      "https://i.ytimg.com/vi",
      "ftp://127.0.0.1",
      "https://user:pw@i.ytimg.com",
      "i.ytimg.com",
    ]) {
      expect(errorsFor({ VIMEO_OEMBED_HOST: bad }), bad).toMatch(
        /^Invalid configuration: VIMEO_OEMBED_HOST must be an https origin/,
      );
    }
    expect(errorsFor({ VIDEO_THUMBNAIL_RETRY_SECONDS: "soon" })).toMatch(
      /VIDEO_THUMBNAIL_RETRY_SECONDS must be a whole number/,
    );
  });

  test("production requires SESSION_SECRET and APP_URL", () => {
    expect(errorsFor({ NODE_ENV: "production" }).split("\n")).toEqual([
      "Invalid configuration: SESSION_SECRET is required in production",
      "Invalid configuration: APP_URL is required in production (the public address, e.g. https://trails.example.edu)",
    ]);
  });

  test("cookies are Secure exactly when APP_URL is https; production accepts plain http only on loopback", () => {
    const secret = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(parseEnv({ ...secret, APP_URL: "https://trails.example.edu" }).COOKIE_SECURE).toBe(true);
    expect(parseEnv({ ...secret, APP_URL: "http://127.0.0.1:3000" }).COOKIE_SECURE).toBe(false);
    expect(parseEnv({ ...secret, APP_URL: "http://localhost:3000" }).COOKIE_SECURE).toBe(false);
    expect(errorsFor({ ...secret, APP_URL: "http://trails.example.edu" })).toBe(
      "Invalid configuration: APP_URL must use https:// in production unless it is a loopback address",
    );
  });

  test("APP_URL is an origin and nothing more", () => {
    for (const value of [
      "https://trails.example.edu/app",
      "https://user:pw@trails.example.edu",
      "https://trails.example.edu/?a=1",
      "ftp://trails.example.edu",
    ]) {
      expect(errorsFor({ APP_URL: value }), value).toContain("Invalid configuration: APP_URL");
    }
    expect(parseEnv({ APP_URL: "https://trails.example.edu/" }).APP_URL).toBe("https://trails.example.edu");
  });

  test.each([
    [{ DATABASE_URL: "mysql://root@localhost/db" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 16 characters"],
    [{ ADMIN_EMAIL: "admin@example.edu" }, "ADMIN_PASSWORD must be set together"],
    [{ DATABASE_POOL_SIZE: "many" }, "DATABASE_POOL_SIZE"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ PORT: "abc" }, "PORT"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
  ])("a bad value is named in one line: %o", (source, expected) => {
    const message = errorsFor(source);
    expect(message).toContain(`Invalid configuration: ${expected.split(" ")[0]}`);
    expect(message).toContain(expected);
    expect(message.split("\n")).toHaveLength(1);
  });

  test.each([
    ["PORT", ["abc", "1.5", "0", "70000", "-1", "3000abc"], "PORT must be a whole number from 1 to 65535"],
    ["DATABASE_POOL_SIZE", ["many", "0", "101", "2.5"], "DATABASE_POOL_SIZE must be a whole number from 1 to 100"],
    ["TRUST_PROXY", ["yes", "-1", "11", "1.5"], "TRUST_PROXY must be a whole number from 0 to 10"],
    ["RATE_LIMIT_FACTOR", ["fast", "-2"], "RATE_LIMIT_FACTOR must be a number, 0 or more"],
    ["SEED", ["yes", "2"], "SEED must be true, false, 1 or 0"],
    ["LOG_LEVEL", ["loud", "INFO"], "LOG_LEVEL must be one of debug, info, warn, error, silent"],
    ["NODE_ENV", ["prod"], "NODE_ENV must be development, production or test"],
    ["HOST", ["local host", "0.0.0.0/0", "http://x"], "HOST must be a host name or IP address to listen on"],
    ["VIDEO_EMBED_HOST", ["youtube"], "VIDEO_EMBED_HOST must be a URL such as https://www.youtube-nocookie.com"],
    ["ADMIN_EMAIL", ["admin"], "ADMIN_EMAIL must be an email address"],
  ])("%s: every malformed value stops the start with the same one line", (name, values, expected) => {
    for (const value of values) {
      // ADMIN_EMAIL alone would also name its missing partner.
      const partner: Record<string, string> = name === "ADMIN_EMAIL" ? { ADMIN_PASSWORD: "long-enough-password" } : {};
      expect(errorsFor({ [name]: value, ...partner }), `${name}=${value}`).toBe(`Invalid configuration: ${expected}`);
    }
  });

  test("HOST accepts the addresses people listen on", () => {
    for (const host of ["127.0.0.1", "0.0.0.0", "::", "::1", "[::1]", "localhost", "app.internal"]) {
      expect(parseEnv({ HOST: host }).HOST, host).toBe(host);
    }
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
