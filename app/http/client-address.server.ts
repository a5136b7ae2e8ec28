/**
 * The request gate (in front of Remix, see app/http/request-gate.server.ts) works out who the client is
 * from the socket and, only when TRUST_PROXY says how many proxies to trust, from the right end of
 * X-Forwarded-For. It deletes whatever value of this header the client sent and sets its own, so code
 * behind the gate can rely on it. Requests that never passed the gate (in-process tests) have none.
 */
export const CLIENT_ADDRESS_HEADER = "x-walking-trails-client";

/** The client's address as the gate determined it; "unknown" only for requests that bypassed the gate. */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}
