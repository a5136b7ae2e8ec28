// Request targets and methods as a hostile client writes them on the socket (no client library tidying
// them up): dot segments, encoded dots and slashes, `*`, absolute-form, odd methods. None may reach a 5xx.
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appDatabase, startApp, stopAllApps, waitForHealthy, type AppProcess } from "../support/app-process";

let app: AppProcess;
beforeAll(async () => {
  app = await startApp({
    ...(await appDatabase()),
    ADMIN_EMAIL: "admin@example.test",
    ADMIN_PASSWORD: "admin-password-1",
  });
  await waitForHealthy(app, 60_000);
}, 90_000);
afterAll(stopAllApps);

/** Writes one request as raw bytes and resolves with the status of the answer (0: closed without one). */
function rawStatus(base: string, head: string, body: string) {
  const url = new URL(base);
  return new Promise<number>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("close", () =>
      resolve(/^HTTP\/1\.[01] (\d{3})/.exec(received) ? Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)![1]) : 0),
    );
    socket.on("error", (error) => (/ECONNRESET|EPIPE/.test(String(error)) ? resolve(0) : reject(error)));
    socket.write(Buffer.from(head + body, "latin1"));
  });
}

const segment = fc.oneof(
  fc.constantFrom(
    "",
    ".",
    "..",
    "%2e%2e",
    "%2E",
    ".%2e",
    "%2f",
    "%5c",
    "\\..",
    "..;",
    "a;b=c",
    "%00",
    "%ff",
    "%",
    "%zz",
    "~",
    "*",
  ),
  fc.constantFrom(
    "api",
    "user",
    "users",
    "signin",
    "authorization",
    "reset",
    "abc",
    "trails",
    "walks",
    "video",
    "feedback",
    "submit",
    "healthz",
    "build",
    "thumbnails",
    "userControlPanel",
    "adminControlPanel",
    "x.data",
    "_root.data",
  ),
);
const path = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join("/")}`);
const query = fc.option(
  fc.constantFrom(
    "?",
    "?a=1",
    "?_data=root",
    "?_data=routes%2F_index",
    "?formType=signin",
    "?option=../../x",
    "?%zz",
    "?cursor=..&page=-1",
  ),
  { nil: "" },
);
const target = fc.oneof(
  fc.tuple(path, query).map(([p, q]) => p + q),
  fc.constantFrom(
    "*",
    "**",
    "",
    "?a",
    "//evil.example/x",
    "http://evil.example/",
    "http://evil.example/api/user/users",
    "https://127.0.0.1/authorization",
    "http://[::1]/",
    "evil.example:443",
    "/?_data=routes%2F_index",
    "/trails?_data=root",
    "/api/../authorization",
    "/api/../../authorization",
    "/%2e%2e/api/user/users",
    "/api/%2e%2e/authorization",
    "/api/x/..%2f..%2fauthorization",
  ),
);
const method = fc.constantFrom(
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "CONNECT",
  "PROPFIND",
  "MKCOL",
  "LOCK",
  "SEARCH",
  "PURGE",
  "QUERY",
  "REPORT",
  "M-SEARCH",
  "get",
  "G ET",
);
const payload = fc.constantFrom(
  { type: "", body: "" },
  { type: "application/json", body: '{"email":"a@b.c","password":"x"}' },
  { type: "application/json", body: "{" },
  { type: "application/x-www-form-urlencoded", body: "intent=signin&email=a%40b.c&password=x" },
  { type: "text/plain", body: "hello" },
);

function requestHead(method: string, target: string, host: string, payload: { type: string; body: string }) {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, "Connection: close"];
  if (payload.type) lines.push(`Content-Type: ${payload.type}`);
  if (payload.body) lines.push(`Content-Length: ${Buffer.byteLength(payload.body, "latin1")}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

describe("no odd request target or method reaches a 5xx", () => {
  test("a dot segment, an asterisk, an absolute URL, an unknown method, _data and an encoded backslash", async () => {
    const host = new URL(app.url).host;
    const json = { type: "application/json", body: '{"email":"a@b.c","password":"x"}' };
    for (const [m, t] of [
      ["POST", "/api/../authorization"],
      ["OPTIONS", "*"],
      ["GET", "http://evil.example/"],
      ["PROPFIND", "/"],
      ["GET", "/?_data=routes%2F_index"],
      ["GET", "/%5c"],
    ] as const) {
      const status = await rawStatus(
        app.url,
        requestHead(m, t, host, m === "POST" ? json : { type: "", body: "" }),
        m === "POST" ? json.body : "",
      );
      expect(status, `${m} ${t}`).toBeGreaterThanOrEqual(200);
      expect(status, `${m} ${t}`).toBeLessThan(500);
    }
  });

  test("arbitrary targets (dot segments, encodings, `*`, absolute-form) and methods get an answer below 500", async () => {
    const host = new URL(app.url).host;
    await fc.assert(
      fc.asyncProperty(method, target, payload, async (m, t, p) => {
        const status = await rawStatus(app.url, requestHead(m, t, host, p), p.body);
        // 0: the parser closed the connection on a request it could not read, which is no 5xx either.
        expect(status, `${m} ${t} ${p.type}`).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
  }, 120_000);
});
