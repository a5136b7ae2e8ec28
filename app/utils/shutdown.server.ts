import { pendingBackgroundJobs } from "~/utils/background.server";
import { log } from "~/utils/logger.server";

let draining = false;

/** True once a stop signal arrived: the health check then answers 503 so load balancers move on. */
export function isDraining() {
  return draining;
}

function openClientSockets(databaseSockets: number) {
  const sockets = process.getActiveResourcesInfo().filter((name) => name === "TCPSocketWrap").length;
  return Math.max(0, sockets - databaseSockets);
}

/**
 * remix-serve stops accepting connections on SIGTERM/SIGINT and lets in-flight requests finish. We
 * wait for the last client socket to go and for work started after an answer (a reset mail) to end, at
 * most `graceMs`, then close the database, which an embedded PGlite needs to leave its files clean, and exit.
 */
export function installGracefulShutdown(options: { close(): Promise<void>; databaseSockets(): number; graceMs?: number }) {
  const graceMs = options.graceMs ?? 10_000;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    log("info", "shutting down", { signal });
    const deadline = Date.now() + graceMs;
    const poll = setInterval(async () => {
      const busy = openClientSockets(options.databaseSockets()) > 0 || pendingBackgroundJobs() > 0;
      if (busy && Date.now() < deadline) return;
      clearInterval(poll);
      try {
        await options.close();
        log("info", "shutdown complete");
        process.exit(0);
      } catch (error) {
        log("error", "shutdown failed", { error: String(error) });
        process.exit(1);
      }
    }, 50);
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
