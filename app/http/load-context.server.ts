import type { AppLoadContext } from "@remix-run/node";
import type { RequestLookups } from "~/http/auth.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * What this request has looked up once for all who ask (app/http/auth.server.ts): its loaders'
     * (`read`) apart from its action's (`write`).
     */
    lookups: { read: RequestLookups; write: RequestLookups };
  }
}

/**
 * Remix's load context of one request, handed to every loader and action of it: server.ts's request
 * handler and the tests' (tests/support/routes.ts, page-stack.ts) make it here, from the server build.
 */
export function getLoadContext(): AppLoadContext {
  return { lookups: { read: {}, write: {} } };
}
