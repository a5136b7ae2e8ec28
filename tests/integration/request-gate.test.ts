// The gate on real sockets: a Node HTTP server with the gate in front of a handler that reads the body
// the way remix-serve's adapter does (a web ReadableStream over the Node request).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import type { GateConfig } from "~/http/gate-policy.server";
import { gateRequest } from "~/http/request-gate.server";

const LIMIT = 64 * 1024;
let uploadChecks = 0;
const config: GateConfig = {
  appOrigin: "https://trails.example.edu",
  trustProxy: 0,
  corsOrigins: [],
  bodyDeadlineMs: 400,
  maxUploadsInFlight: 2,
  // Who may upload, as a session lookup would answer it: a moment later, so body bytes arrive meanwhile.
  async authorizeUpload(req) {
    uploadChecks++;
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (req.headers.cookie === "role=admin") return null;
    if (req.headers.cookie === "role=user")
      return { status: 403, title: "Admins only", message: "Only an admin can upload a file." };
    return { status: 302, title: "Sign in", message: "Sign in first.", headers: { Location: "/authorization" } };
  },
};

let server: Server;
let port: number;
let handled = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    gateRequest(req, res, config, async () => {
      handled++;
      const body = await new Response(createReadableStreamFromReadable(req)).arrayBuffer();
      const seen = { headers: req.headers, bytes: body.byteLength, sum: checksum(new Uint8Array(body)) };
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function checksum(bytes: Uint8Array) {
  let sum = 0;
  for (const byte of bytes) sum = (sum * 31 + byte) >>> 0;
  return sum;
}

type Sent = { status: number; body: string; headers: IncomingMessage["headers"] };

/** Sends `chunks` one write at a time (chunked unless a Content-Length is given), pausing between them. */
function send(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string | string[]>;
    chunks?: Buffer[];
    pauseMs?: number;
    endAfter?: boolean;
  },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method: options.method ?? "POST", headers: options.headers },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
      },
    );
    req.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    req.flushHeaders();
    void (async () => {
      for (const chunk of options.chunks ?? []) {
        if (req.destroyed) return;
        req.write(chunk);
        if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
      }
      if (options.endAfter !== false) req.end();
    })();
  });
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("bodies", () => {
  test("a body within the limit arrives byte for byte, however it was split", async () => {
    const bytes = Buffer.alloc(LIMIT, 0);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    const pieces = Array.from({ length: 16 }, (_, i) => bytes.subarray(i * (LIMIT / 16), (i + 1) * (LIMIT / 16)));
    const chunked = await send("/authorization", { headers: form, chunks: pieces, pauseMs: 5 });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toMatchObject({ bytes: LIMIT, sum: checksum(bytes) });
    const declared = await send("/authorization", {
      headers: { ...form, "Content-Length": String(LIMIT) },
      chunks: pieces,
    });
    expect(JSON.parse(declared.body)).toMatchObject({ bytes: LIMIT, sum: checksum(bytes) });
  });

  test("a declared length over the limit is refused before a byte of it is read", async () => {
    const before = handled;
    const answer = await send("/authorization", {
      headers: { ...form, "Content-Length": String(LIMIT + 1) },
      chunks: [],
      endAfter: false,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toContain("Request too large");
    expect(handled).toBe(before);
  });

  test("a chunked body is refused the moment it crosses the limit, and nothing behind the gate sees it", async () => {
    const before = handled;
    // One byte over, in small pieces, so the refusal must come from counting as the body streams.
    const pieces = Array.from({ length: 65 }, () => Buffer.alloc(1024, 97));
    pieces.push(Buffer.from("b"));
    const page = await send("/authorization", { headers: form, chunks: pieces });
    expect(page.status).toBe(413);
    expect(page.headers["content-type"]).toContain("text/html");
    const api = await send("/api/feedback/submit", { headers: { "Content-Type": "application/json" }, chunks: pieces });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toMatchObject({ message: expect.stringContaining("larger than 64 KB") });
    expect(handled).toBe(before);
  });

  test("a body that stops arriving is answered 408, and the handler never waits on it", async () => {
    const before = handled;
    const answer = await send("/authorization", { headers: form, chunks: [Buffer.from("email=a")], endAfter: false });
    expect(answer.status).toBe(408);
    expect(handled).toBe(before);
  });

  test("GET requests with a body are held to the same limit", async () => {
    const answer = await send("/about", {
      method: "GET",
      headers: { "Transfer-Encoding": "chunked" },
      chunks: Array.from({ length: 70 }, () => Buffer.alloc(1024)),
    });
    expect(answer.status).toBe(413);
  });
});

describe("the one upload route", () => {
  const upload = "/adminControlPanel/trail-path?trail=673e9addbf9ebe061ef810bf";
  const multipart = {
    "Content-Type": "multipart/form-data; boundary=x",
    Origin: config.appOrigin,
    Cookie: "role=admin",
  };
  const kilobytes = (count: number) => Array.from({ length: count }, () => Buffer.alloc(1024, 97));

  test("takes a multipart body of a 1 MB file and its form, byte for byte", async () => {
    const before = handled;
    const answer = await send(upload, { headers: multipart, chunks: kilobytes(1024 + 32) });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ bytes: (1024 + 32) * 1024 });
    expect(handled).toBe(before + 1);
  });

  test("refuses more while it streams, with a page that says the file is too large", async () => {
    const before = handled;
    const answer = await send(upload, { headers: multipart, chunks: kilobytes(1024 + 65) });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The file is larger than 1 MB.");
    const declared = await send(upload, {
      headers: { ...multipart, "Content-Length": String(2 * 1024 * 1024) },
      chunks: [],
      endAfter: false,
    });
    expect(declared.status).toBe(413);
    expect(handled).toBe(before);
  });

  test("holds only a few upload bodies at once: more are answered 503 until one ends", async () => {
    const stalled = [0, 1].map(() =>
      send(upload, { headers: multipart, chunks: [Buffer.from("--x\r\n")], endAfter: false }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = await send(upload, { headers: multipart, chunks: [Buffer.from("--x--")] });
    expect(busy.status).toBe(503);
    expect(busy.headers["retry-after"]).toBe("10");
    // Pages and the API are not held up by it.
    expect(
      (await send("/logout", { headers: { ...form, Origin: config.appOrigin }, chunks: [Buffer.from("a=1")] })).status,
    ).toBe(200);
    // The stalled ones time out (408) and free their places.
    expect((await Promise.all(stalled)).map((answer) => answer.status)).toEqual([408, 408]);
    expect((await send(upload, { headers: multipart, chunks: [Buffer.from("--x--")] })).status).toBe(200);
  });

  test("a stranger's upload is answered before its body is read, and takes no upload place", async () => {
    const before = { handled, uploadChecks };
    // Four strangers dripping a byte at a time, more than the two upload places.
    const strangers = ["", "", "role=user", "role=nobody"].map((cookie) => {
      const started = performance.now();
      const drip = Array.from({ length: 20 }, () => Buffer.from("a"));
      return send(upload, {
        headers: { ...multipart, Cookie: cookie },
        chunks: drip,
        pauseMs: 100,
        endAfter: false,
      }).then((answer) => ({
        ...answer,
        ms: performance.now() - started,
      }));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // An admin's upload meanwhile gets a place, and its body arrives whole.
    const file = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7) % 251));
    const admin = await send(upload, {
      headers: multipart,
      chunks: Array.from({ length: 16 }, (_, i) => file.subarray(i * 4096, (i + 1) * 4096)),
    });
    expect(admin.status).toBe(200);
    // What arrived while the sender was being checked is handed on first, in order.
    expect(JSON.parse(admin.body)).toMatchObject({ bytes: file.length, sum: checksum(file) });
    const answers = await Promise.all(strangers);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 403, 302]);
    for (const answer of answers) {
      expect(answer.headers.connection).toBe("close");
      // Long before the body's deadline (400 ms) or its end (2 s): nobody waited for it.
      expect(answer.ms).toBeLessThan(300);
    }
    expect(answers[0].headers.location).toBe("/authorization");
    expect(handled).toBe(before.handled + 1);
    expect(uploadChecks).toBe(before.uploadChecks + 5);
  });

  test("a declared length is not waited for: the stranger is answered with nothing of the body sent", async () => {
    const answer = await send(upload, {
      headers: { ...multipart, Cookie: "", "Content-Length": "1000" },
      chunks: [],
      endAfter: false,
    });
    expect(answer.status).toBe(302);
  });

  test("every other route still refuses a multipart body, and keeps the 64 KB limit", async () => {
    const before = handled;
    for (const path of [
      "/adminControlPanel?option=trail",
      "/adminControlPanel/trail-path/0123456789abcdef01234567",
      "/userControlPanel",
      "/api/walks",
    ]) {
      const answer = await send(path, { headers: multipart, chunks: [Buffer.from("--x--")] });
      expect(answer.status, path).toBe(415);
    }
    const big = await send("/adminControlPanel?option=trail", {
      headers: { ...form, Origin: config.appOrigin },
      chunks: kilobytes(65),
    });
    expect(big.status).toBe(413);
    expect(big.body).toContain("larger than 64 KB");
    expect(handled).toBe(before);
  });
});

describe("headers that reach the app", () => {
  test("proxy headers and a forged client address are dropped; Host comes from APP_URL", async () => {
    const answer = await send("/about", {
      method: "GET",
      headers: {
        Host: "evil.example",
        "X-Forwarded-For": "6.6.6.6",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "http",
        "X-Real-IP": "6.6.6.6",
        Forwarded: "for=6.6.6.6",
        [CLIENT_ADDRESS_HEADER]: "6.6.6.6",
      },
    });
    const seen = JSON.parse(answer.body).headers as Record<string, string>;
    expect(seen.host).toBe("trails.example.edu");
    expect(seen[CLIENT_ADDRESS_HEADER]).toBe("127.0.0.1");
    for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "forwarded"]) {
      expect(seen[name], name).toBeUndefined();
    }
  });

  test("writes from other origins, and forms in other encodings, never reach the handler", async () => {
    const before = handled;
    const foreign = await send("/logout", {
      headers: { ...form, Origin: "https://evil.example" },
      chunks: [Buffer.from("a=1")],
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain("sent from another site");
    const json = await send("/logout", {
      headers: { "Content-Type": "application/json", Origin: config.appOrigin },
      chunks: [Buffer.from("{}")],
    });
    expect(json.status).toBe(415);
    const own = await send("/logout", { headers: { ...form, Origin: config.appOrigin }, chunks: [Buffer.from("a=1")] });
    expect(own.status).toBe(200);
    expect(handled).toBe(before + 1);
  });
});
