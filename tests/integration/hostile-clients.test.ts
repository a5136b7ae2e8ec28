// Attacks on the production server process (build/server.js, as deployed): every request
// below goes through the request gate that server.ts puts in front of everything.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiSignIn, appDatabase, startApp, stopAllApps, waitForHealthy, type AppProcess } from "../support/app-process";

const ADMIN = { ADMIN_EMAIL: "admin@example.test", ADMIN_PASSWORD: "admin-password-1" };

let app: AppProcess;
beforeAll(async () => {
  app = await startApp({ ...(await appDatabase()), ...ADMIN });
  await waitForHealthy(app, 60_000);
}, 90_000);
afterAll(stopAllApps);

function rssBytes(pid: number) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) * 1024;
}

/** Streams up to `totalBytes` as a chunked body until the server answers; resolves with the status. */
function flood(base: string, path: string, contentType: string, totalBytes: number) {
  const chunk = Buffer.alloc(64 * 1024, "a");
  const started = performance.now();
  return new Promise<{ status: number; ms: number; sentBytes: number }>((resolve, reject) => {
    let sent = 0;
    const url = new URL(path, base);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode!, ms: performance.now() - started, sentBytes: sent });
        req.destroy();
      },
    );
    req.on("error", (error) => (/EPIPE|ECONNRESET|socket hang up/.test(String(error)) ? undefined : reject(error)));
    const pump = () => {
      while (sent < totalBytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

async function timedHealth(base: string) {
  const started = performance.now();
  const response = await fetch(`${base}/healthz`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

describe("bodies are capped while they stream", () => {
  test("several 100 MB chunked bodies at once: each is refused 413 quickly, memory stays flat and /healthz keeps answering", async () => {
    // Warm up what the first requests load, so the baseline is the server at rest, not at start-up.
    for (let i = 0; i < 5; i++) await timedHealth(app.url);
    // These machines are shared: what /healthz takes at rest right now is the noise floor the flood adds to.
    const resting: number[] = [];
    for (let i = 0; i < 20; i++) resting.push((await timedHealth(app.url)).ms);
    const atRest = Math.max(...resting);
    await flood(app.url, "/authorization?formType=signin", "application/x-www-form-urlencoded", 1024 * 1024);
    const pid = app.process.pid!;
    const baseline = rssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);

    const HUNDRED_MB = 100 * 1024 * 1024;
    const floods = Promise.all([
      ...[1, 2, 3].map(() =>
        flood(app.url, "/authorization?formType=signin", "application/x-www-form-urlencoded", HUNDRED_MB),
      ),
      ...[1, 2, 3].map(() => flood(app.url, "/api/feedback/submit", "application/json", HUNDRED_MB)),
    ]);
    const health: { status: number; ms: number }[] = [];
    let flooding = true;
    void floods.finally(() => (flooding = false));
    while (flooding || health.length < 5) health.push(await timedHealth(app.url));
    const answers = await floods;
    clearInterval(sampler);

    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(3_000);
      // The refusal came long before the body ended: the server stopped reading it.
      expect(answer.sentBytes).toBeLessThan(HUNDRED_MB);
    }
    expect(health.every((h) => h.status === 200)).toBe(true);
    // A server that stalled while reading the floods would be slow on every answer; one answer past the
    // bound is the scheduler of a shared machine, which the resting samples may not have caught.
    const slowest = health.map((h) => h.ms).sort((a, b) => b - a);
    expect(slowest[1]).toBeLessThan(100 + atRest);
    expect(peak - baseline).toBeLessThan(8 * 1024 * 1024);
  });
});

describe("the upload route", () => {
  const GOLD = "673e9addbf9ebe061ef810bf";
  const target = `/adminControlPanel/trail-path?trail=${GOLD}`;

  /** A multipart upload declaring 1,000 bytes and sending one a second: its answer and when it came. */
  function dripUpload(cookie: string) {
    const url = new URL(app.url);
    const socket = connect(Number(url.port), url.hostname);
    const started = performance.now();
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: x\r\nOrigin: ${app.url}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000\r\n\r\n-`,
    );
    const drip = setInterval(() => socket.writable && socket.write("-"), 1_000);
    return {
      socket,
      answered: new Promise<{ head: string; ms: number }>((resolve) => {
        socket.on("data", (chunk: string) => {
          answer += chunk;
          if (answer.includes("\r\n\r\n"))
            resolve({ head: answer.split("\r\n\r\n")[0], ms: performance.now() - started });
        });
        socket.on("close", () => resolve({ head: answer, ms: performance.now() - started }));
      }).finally(() => clearInterval(drip)),
    };
  }

  test("strangers are answered before their body is read and take no upload place; an admin's upload meanwhile succeeds", async () => {
    const cookiesOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    const signIn = await apiSignIn(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(signIn.status).toBe(200);
    const adminCookie = cookiesOf(signIn);
    const account = { username: "uploaduser", email: "upload-user@example.test", password: "user-password-1" };
    const signUp = await fetch(`${app.url}/api/user/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        ...account,
        confirmPassword: account.password,
        age: "30",
        gender: "Female",
        ethnicity: "",
        community: "Yes",
      }),
    });
    expect(signUp.status).toBe(201);
    const userCookie = cookiesOf(await apiSignIn(app, account.email, account.password));
    // Three visitors (one with a forged session cookie) and a signed-in User dripping uploads a byte a
    // second: as many as the upload places.
    const strangers = ["", "", "__session=forged", userCookie].map(dripUpload);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const gpx = await (await fetch(`${app.url}/trails/gold/download/gpx`)).text();
    const form = new FormData();
    form.append("file", new Blob([gpx]), "gold.gpx");
    const upload = await fetch(`${app.url}${target}`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: adminCookie, Origin: app.url },
    });
    expect(upload.status).toBe(302);
    expect(upload.headers.get("Location")).toMatch(/^\/adminControlPanel\/trail-path\/[a-f0-9]{24}$/);
    const answers = await Promise.all(strangers.map((stranger) => stranger.answered));
    expect(answers.map((answer) => answer.head.split("\r\n")[0])).toEqual([
      ...Array(3).fill("HTTP/1.1 302 Found"),
      "HTTP/1.1 403 Forbidden",
    ]);
    for (const answer of answers.slice(0, 3)) {
      expect(answer.head).toMatch(
        /\r\nlocation: \/authorization\?formType=signin&redirectTo=%2FadminControlPanel%2Ftrail-path/i,
      );
    }
    for (const answer of answers) {
      expect(answer.head).toMatch(/\r\nconnection: close/i);
      // Answered at once, not at the body's deadline: its 1,000 bytes would take a quarter of an hour.
      expect(answer.ms).toBeLessThan(1_000);
    }
    for (const stranger of strangers) stranger.socket.destroy();
  });
});

// Values an attacker can put in a header with curl: visible ASCII, spaces and bytes above 0x7f.
const headerText = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
    .map((c) => String.fromCharCode(c)),
  maxLength: 80,
});
const cookieValue = fc.oneof(
  headerText.filter((v) => !v.includes(";")),
  fc.constantFrom("%E0%A4%A", "%", '"', "s%3Aabc.def", "eyJ0b2FzdCI6e319.bad", "a".repeat(3000)),
);

const requestShape = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
  path: fc.constantFrom(
    "/",
    "/authorization?formType=signin",
    "/logout",
    "/send-reset-link",
    "/reset/abc",
    "/userControlPanel",
    "/adminControlPanel?option=profiles",
    "/trails",
    "/api/user/signin",
    "/api/feedback/submit",
    "/api/video/videos",
    "/api/trails/trails",
    "/api/user/updateProfile/0123456789abcdef01234567",
    "/%E0%A4%A",
    "/..%2f..%2fetc/passwd",
  ),
  contentType: fc.option(
    fc.oneof(
      headerText,
      fc.constantFrom(
        "application/json",
        "application/x-www-form-urlencoded",
        "text/plain",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=x",
      ),
    ),
    { nil: undefined },
  ),
  origin: fc.option(fc.oneof(headerText, fc.constantFrom("null", "https://evil.example", "http://127.0.0.1:1")), {
    nil: undefined,
  }),
  host: fc.option(
    headerText.filter((v) => v.trim() !== ""),
    { nil: undefined },
  ),
  forwarded: fc.option(headerText, { nil: undefined }),
  cookies: fc.array(fc.tuple(fc.constantFrom("__session", "XSRF-TOKEN", "__toast", "other"), cookieValue), {
    maxLength: 3,
  }),
  xsrf: fc.option(headerText, { nil: undefined }),
  authorization: fc.option(
    fc.oneof(headerText, fc.constantFrom("Bearer ", "Bearer " + "f".repeat(64), "Basic Zm9vOmJhcg==")),
    { nil: undefined },
  ),
  body: fc.oneof(
    fc.constant(""),
    headerText,
    fc.constantFrom(
      "{",
      "{}",
      "null",
      "[]",
      "email=%00&password=%ff",
      "__intent__={",
      "__intent__=%7B%22type%22%3A1%7D",
    ),
  ),
});

type RequestShape = typeof requestShape extends fc.Arbitrary<infer T> ? T : never;

function rawRequest(base: string, shape: RequestShape) {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  if (shape.contentType !== undefined) headers["Content-Type"] = shape.contentType;
  if (shape.origin !== undefined) headers.Origin = shape.origin;
  if (shape.host !== undefined) headers.Host = shape.host;
  if (shape.forwarded !== undefined) {
    headers["X-Forwarded-For"] = shape.forwarded;
    headers["X-Forwarded-Host"] = shape.forwarded;
    headers["X-Forwarded-Proto"] = shape.forwarded;
  }
  if (shape.cookies.length > 0) headers.Cookie = shape.cookies.map(([name, value]) => `${name}=${value}`).join("; ");
  if (shape.xsrf !== undefined) headers["X-XSRF-TOKEN"] = shape.xsrf;
  if (shape.authorization !== undefined) headers.Authorization = shape.authorization;
  const body = shape.method === "GET" || shape.method === "HEAD" ? "" : shape.body;
  if (body) headers["Content-Length"] = String(Buffer.byteLength(body, "latin1"));
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: shape.path,
        method: shape.method,
        headers,
        setHost: shape.host === undefined,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.end(body ? Buffer.from(body, "latin1") : undefined);
  });
}

describe("no header, cookie or content type reaches a 5xx", () => {
  test("arbitrary methods, headers, cookies, content types and small bodies get an answer below 500", async () => {
    await fc.assert(
      fc.asyncProperty(requestShape, async (shape) => {
        const status = await rawRequest(app.url, shape);
        expect(status, JSON.stringify(shape)).toBeLessThan(500);
      }),
      { numRuns: 250 },
    );
    expect((await timedHealth(app.url)).status).toBe(200);
  }, 120_000);

  test("a page action posted as JSON, text/plain or multipart is 415, a broken Conform intent is a 4xx", async () => {
    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x", "multipart/form-data"]) {
      const response = await fetch(`${app.url}/authorization?formType=signin`, {
        method: "POST",
        headers: { "Content-Type": type },
        body: "x",
      });
      expect(response.status, type).toBe(415);
    }
    const brokenIntent = await fetch(`${app.url}/authorization?formType=signin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=signin&__intent__=%7B&email=a%40example.test&password=x",
    });
    expect(brokenIntent.status).toBeGreaterThanOrEqual(400);
    expect(brokenIntent.status).toBeLessThan(500);
  });
});

describe("sign-out", () => {
  test("is a same-origin POST: another site cannot end a session, our own pages can", async () => {
    const signIn = await fetch(`${app.url}/api/user/signin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    const cookie = signIn.headers.get("Set-Cookie")!.split(";")[0];
    const home = () => fetch(`${app.url}/userHome`, { headers: { Cookie: cookie }, redirect: "manual" });
    const logout = (origin: string) =>
      fetch(`${app.url}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });

    expect((await logout("https://evil.example")).status).toBe(403);
    expect((await home()).status).toBe(200);
    // A GET never signs anyone out.
    await fetch(`${app.url}/logout`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect((await home()).status).toBe(200);
    expect((await logout(app.url)).status).toBe(302);
    expect((await home()).status).toBe(302);
  });
});

describe("form replies", () => {
  test("a refused form comes back without unknown fields or oversized values", async () => {
    const form = new URLSearchParams({
      intent: "signup",
      username: "u".repeat(6_000),
      email: "not-an-email",
      password: "pw",
      confirmPassword: "other",
      "injected-field-9c2e": "injected-value-41bd",
    });
    const response = await fetch(`${app.url}/authorization?formType=signup`, { method: "POST", body: form });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("not-an-email");
    expect(page).not.toContain("injected-field-9c2e");
    expect(page).not.toContain("injected-value-41bd");
    expect(page).not.toContain("u".repeat(6_000));
  });
});

describe("the log", () => {
  test("is one JSON object per line, with reset tokens redacted and no cookie or header values", async () => {
    const marker = "cookie-marker-7f3a9";
    await fetch(`${app.url}/reset/secret-token-5d1e`, { headers: { Cookie: `__session=${marker}` } });
    await fetch(`${app.url}/api/auth/reset-password/secret-token-5d1e`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("[server]"));
    const notJson = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    // The generated administrator's password is printed as plain text once, on purpose.
    expect(notJson.filter((line) => !/Administrator account created|email:|password:|Store it now/.test(line))).toEqual(
      [],
    );
    expect(app.output()).toContain('"path":"/reset/[redacted]"');
    expect(app.output()).toContain('"path":"/api/auth/reset-password/[redacted]"');
    expect(app.output()).not.toContain("secret-token-5d1e");
    expect(app.output()).not.toContain(marker);
  });
});

describe("behind a reverse proxy that rewrites Host", () => {
  test("forms from APP_URL's origin work, other origins do not, and cookies are Secure for an https APP_URL", async () => {
    const proxied = await startApp({
      ...(await appDatabase()),
      APP_URL: "https://trails.example.edu",
      TRUST_PROXY: "1",
      ...ADMIN,
    });
    await waitForHealthy(proxied, 60_000);
    // nginx's defaults: Host is the upstream's name, the client's address is appended to X-Forwarded-For.
    const asProxy = (origin: string) =>
      fetch(`${proxied.url}/authorization?formType=signin`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Host: "app:3000",
          Origin: origin,
          "X-Forwarded-For": "203.0.113.5",
          "X-Forwarded-Proto": "https",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "signin", email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
      });
    const own = await asProxy("https://trails.example.edu");
    expect(own.status).toBe(302);
    expect(own.headers.get("Set-Cookie")).toMatch(/__session=[^;]+;.*Secure/i);
    expect((await asProxy("https://evil.example")).status).toBe(403);
    // The Host the proxy sent never turns into an origin we accept.
    expect((await asProxy("http://app:3000")).status).toBe(403);
  }, 90_000);

  test("on plain http, cookies lack Secure only for a loopback APP_URL", async () => {
    const signIn = await fetch(`${app.url}/api/user/signin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("Set-Cookie")).not.toMatch(/Secure/i);

    const missing = await startApp({ PGLITE_DATA_DIR: "memory://", APP_URL: undefined });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain("Invalid configuration: APP_URL is required in production");
    const insecure = await startApp({ PGLITE_DATA_DIR: "memory://", APP_URL: "http://trails.example.edu" });
    expect(await insecure.exited).toBe(1);
    expect(insecure.output()).toContain(
      "Invalid configuration: APP_URL must use https:// in production unless it is a loopback address",
    );
  }, 60_000);
});
