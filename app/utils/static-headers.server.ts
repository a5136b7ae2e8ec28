import { createRequire } from "node:module";
import type { ServerResponse } from "node:http";
import { applySecurityHeaders } from "~/utils/security.server";

type StaticOptions = { setHeaders?: (res: ServerResponse, path: string, stat: unknown) => void } & Record<string, unknown>;
type Express = { static: ((root: string, options?: StaticOptions) => unknown) & { securityHeaders?: true } };

/**
 * Gives the files remix-serve serves itself (the /build bundles and public/) the same security headers
 * as every other answer. remix-serve, which the deployment runs as is, mounts `express.static` before
 * any of our code sees a request and has no option for headers; it does import this server bundle
 * first, so wrapping `express.static` (resolved the way remix-serve resolves it) reaches those files.
 * tests/e2e/security-headers.spec.ts fails if a remix-serve upgrade ever bypasses this.
 */
export function installStaticFileHeaders() {
  let express: Express;
  try {
    const serveRequire = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/package.json"));
    express = serveRequire("express") as Express;
  } catch {
    return; // not running under remix-serve (tests importing the app in-process)
  }
  if (express.static.securityHeaders) return;
  const headers = [...applySecurityHeaders(new Headers())];
  const original = express.static;
  const wrapped = (root: string, options: StaticOptions = {}) =>
    original(root, {
      ...options,
      setHeaders(res, path, stat) {
        for (const [name, value] of headers) res.setHeader(name, value);
        options.setHeaders?.(res, path, stat);
      },
    });
  express.static = Object.assign(wrapped, original, { securityHeaders: true as const });
}
