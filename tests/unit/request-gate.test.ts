import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { redactPath } from "~/utils/logger.server";
import {
  contentTypeRefusal,
  isAllowedOrigin,
  isUploadRequest,
  resolveClientAddress,
  targetRefusal,
  canonicalTarget,
  type GateConfig,
} from "~/http/gate-policy.server";

const config: GateConfig = {
  appOrigin: "https://trails.example.edu",
  trustProxy: 0,
  corsOrigins: ["https://partner.example.org"],
  authorizeUpload: async () => null,
};

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join("."));
const spoofedEntry = fc.oneof(
  ipv4,
  fc.string(),
  fc.constantFrom("127.0.0.1", "unknown", "::1", " ,, ", "1.2.3.4, 5.6.7.8"),
);

describe("the client address", () => {
  test("without trusted proxies it is the socket's peer, whatever the headers say", () => {
    fc.assert(
      fc.property(ipv4, fc.array(spoofedEntry), (peer, forwarded) => {
        expect(resolveClientAddress(peer, forwarded.join(","), 0)).toBe(peer);
      }),
    );
  });

  test("behind one proxy it is the address that proxy appended, never what the client wrote before it", () => {
    fc.assert(
      fc.property(ipv4, ipv4, fc.array(spoofedEntry, { maxLength: 5 }), (proxy, client, spoofed) => {
        // nginx appends the address it received the request from to whatever the client sent.
        const header = [...spoofed, client].join(", ");
        expect(resolveClientAddress(proxy, header, 1)).toBe(client);
      }),
    );
  });

  test("behind two proxies it skips exactly the two trusted hops", () => {
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
    // Several X-Forwarded-For headers are one list in order.
    expect(resolveClientAddress("10.0.0.2", ["6.6.6.6", "203.0.113.9, 10.0.0.1"], 2)).toBe("203.0.113.9");
  });

  test("a list shorter than the trusted hops, or junk where an address belongs, falls back to a real address", () => {
    expect(resolveClientAddress("10.0.0.2", "", 3)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "not-an-address", 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", 5)).toBe("203.0.113.9");
  });

  test("IPv4 clients of a dual-stack socket are written as IPv4", () => {
    expect(resolveClientAddress("::ffff:192.0.2.7", undefined, 0)).toBe("192.0.2.7");
    expect(resolveClientAddress("10.0.0.1", "::FFFF:192.0.2.8", 1)).toBe("192.0.2.8");
  });
});

describe("the origin check for writes", () => {
  test("only APP_URL's origin may write to pages; CORS_ORIGINS are for the API only", () => {
    expect(isAllowedOrigin("https://trails.example.edu", "/userControlPanel", config)).toBe(true);
    expect(isAllowedOrigin(undefined, "/userControlPanel", config)).toBe(true);
    expect(isAllowedOrigin("https://partner.example.org", "/api/feedback/submit", config)).toBe(true);
    expect(isAllowedOrigin("https://partner.example.org", "/userControlPanel", config)).toBe(false);
    for (const foreign of [
      "null",
      "http://trails.example.edu",
      "https://trails.example.edu:8443",
      "https://trails.example.edu.evil.com",
      "https://evil.com",
      "https://trails.example.edu/",
      "",
      " https://trails.example.edu",
    ]) {
      expect(isAllowedOrigin(foreign, "/logout", config), foreign).toBe(false);
    }
  });

  test("no other string is taken for our origin, whatever the Host or path", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webUrl().map((u) => new URL(u).origin),
        ),
        fc.webPath(),
        (origin, path) => {
          const allowed = isAllowedOrigin(origin, `/${path}`, config);
          const api = path === "api" || path.startsWith("api/");
          expect(allowed).toBe(origin === config.appOrigin || (api && config.corsOrigins.includes(origin)));
        },
      ),
    );
  });

  test("on a loopback APP_URL, localhost and 127.0.0.1 on the same port are one site, and only they", () => {
    const local = { ...config, appOrigin: "http://localhost:3000" };
    expect(isAllowedOrigin("http://127.0.0.1:3000", "/logout", local)).toBe(true);
    expect(isAllowedOrigin("http://[::1]:3000", "/logout", local)).toBe(true);
    expect(isAllowedOrigin("http://127.0.0.1:3001", "/logout", local)).toBe(false);
    expect(isAllowedOrigin("https://127.0.0.1:3000", "/logout", local)).toBe(false);
    expect(isAllowedOrigin("http://localhost.evil.com:3000", "/logout", local)).toBe(false);
    // A real deployment never treats loopback origins as its own.
    expect(isAllowedOrigin("http://localhost:443", "/logout", config)).toBe(false);
  });
});

describe("content types", () => {
  test("pages take urlencoded forms only", () => {
    expect(contentTypeRefusal("/authorization", "application/x-www-form-urlencoded;charset=UTF-8", true)).toBeNull();
    expect(contentTypeRefusal("/logout", "application/x-www-form-urlencoded", false)).toBeNull();
    expect(contentTypeRefusal("/logout", undefined, false)?.status).toBe(415);
    for (const type of [
      "application/json",
      "text/plain",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      undefined,
      "",
      "x",
    ]) {
      expect(contentTypeRefusal("/authorization", type, true)?.status, String(type)).toBe(415);
    }
  });

  test("a multipart body is taken by the trail-path upload alone, and only as a POST", () => {
    const multipart = "multipart/form-data; boundary=----x";
    expect(contentTypeRefusal("/adminControlPanel/trail-path", multipart, true, "POST")).toBeNull();
    expect(isUploadRequest("POST", "/adminControlPanel/trail-path")).toBe(true);
    for (const [path, method] of [
      ["/adminControlPanel/trail-path", "PUT"],
      ["/adminControlPanel/trail-path.data", "POST"],
      ["/adminControlPanel/trail-path/", "POST"],
      ["/adminControlPanel/trail-path/0123456789abcdef01234567", "POST"],
      ["/adminControlPanel", "POST"],
      ["/ADMINCONTROLPANEL/trail-path", "POST"],
      ["/api/trails/673e9addbf9ebe061ef810bf", "POST"],
      ["/userControlPanel", "POST"],
    ]) {
      expect(contentTypeRefusal(path, multipart, true, method)?.status, `${method} ${path}`).toBe(415);
      expect(isUploadRequest(method, path), `${method} ${path}`).toBe(false);
    }
  });

  test("the API takes JSON or a form, and requests without a body", () => {
    expect(contentTypeRefusal("/api/user/signin", "application/json;charset=utf-8", true)).toBeNull();
    expect(contentTypeRefusal("/api/user/signin", "application/x-www-form-urlencoded", true)).toBeNull();
    expect(contentTypeRefusal("/api/video/abc", undefined, false)).toBeNull();
    expect(contentTypeRefusal("/api/user/signin", "text/plain", true)?.status).toBe(415);
    expect(contentTypeRefusal("/api/user/signin", undefined, true)?.status).toBe(415);
  });
});

describe("request targets", () => {
  test("only paths (and * for OPTIONS) are served", () => {
    expect(targetRefusal("GET", "/about")).toBeNull();
    expect(targetRefusal("OPTIONS", "*")).toBeNull();
    expect(targetRefusal("GET", "http://evil.example/")?.status).toBe(400);
    expect(targetRefusal("GET", "*")?.status).toBe(400);
    expect(targetRefusal("GET", "evil.example:443")?.status).toBe(400);
    expect(targetRefusal("GET", "//evil.example/x")?.status).toBe(400);
    expect(targetRefusal("GET", "/\\evil.example")?.status).toBe(400);
    expect(targetRefusal("TRACE", "/")?.status).toBe(405);
    expect(targetRefusal("PROPFIND", "/")?.headers?.Allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });

  test("a path target is judged in the form Remix will resolve it to", () => {
    expect(canonicalTarget("/api/../authorization")).toBe("/authorization");
    expect(canonicalTarget("/api/%2e%2e/authorization?formType=signin")).toBe("/authorization?formType=signin");
    expect(canonicalTarget("/a/./b//c")).toBe("/a/b//c");
    expect(canonicalTarget("/?_data=routes%2F_index&q=1")).toBe("/?q=1");
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("api", "..", ".", "%2e%2e", "%2E", "x", "", "\\"), { maxLength: 8 }),
        (parts) => {
          const target = `/${parts.join("/")}`;
          const canonical = canonicalTarget(target);
          if (canonical === null) return;
          // What the gate judges is exactly what a URL parser (Remix's) will route: resolving again changes nothing.
          expect(new URL(target, "http://x").pathname.replace(/^\/+/, "/")).toBe(canonical.split("?")[0]);
          expect(canonicalTarget(canonical)).toBe(canonical);
        },
      ),
    );
  });
});

describe("access log paths", () => {
  test("reset tokens never reach the log", () => {
    expect(redactPath("/reset/abc123-_XYZ")).toBe("/reset/[redacted]");
    expect(redactPath("/reset/abc123.data")).toBe("/reset/[redacted]");
    expect(redactPath("/api/auth/reset-password/abc123")).toBe("/api/auth/reset-password/[redacted]");
    expect(redactPath("/trails")).toBe("/trails");
  });
});
