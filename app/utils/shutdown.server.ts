import type { Server } from "node:http";
import { pendingBackgroundJobs, runAfterAnswer } from "~/utils/background.server";
import { log } from "~/utils/logger.server";

let draining = false;
let httpServer: Server | null = null;

/** True once a stop signal arrived: the health check then answers 503 so load balancers move on. */
export function isDraining() {
  return draining;
}

/**
 * Runs `job` now, then every `intervalMs` (0: only now), each time as a background job so that a graceful
 * stop waits for a run under way; none starts once the stop began, and a run still going when the next is
 * due lets that one pass. Returns the timer, which does not hold the process.
 */
export function repeatInBackground(name: string, job: () => Promise<unknown>, intervalMs: number) {
  let running = false;
  const run = () => {
    if (running || draining) return;
    running = true;
    runAfterAnswer(name, () => job().finally(() => (running = false)));
  };
  run();
  return intervalMs > 0 ? setInterval(run, intervalMs).unref() : undefined;
}

/** The server whose connections a stop waits for (server.ts registers it once it listens). */
export function registerHttpServer(server: Server) {
  httpServer = server;
}

function openConnections() {
  const server = httpServer;
  if (!server) return Promise.resolve(0);
  return new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

// A terminal's Ctrl-C reaches both npm and the server, and npm passes it on: the same press arrives twice
// within milliseconds. Only a signal after this long is a person asking again.
const REPEAT_IS_DELIBERATE_MS = 1_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections, close idle keep-alive ones, let requests in flight
 * and work started after an answer (a reset mail) finish, at most `graceMs`, then cut what is left,
 * close the database (an embedded PGlite needs that to leave its files clean) and exit 0. A second
 * signal exits at once.
 */
export function installGracefulShutdown(options: { close(): Promise<void>; graceMs: number }) {
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      if (Date.now() - firstSignalAt < REPEAT_IS_DELIBERATE_MS) return;
      log("warn", "second stop signal: exiting at once", { signal });
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    draining = true;
    firstSignalAt = Date.now();
    log("info", "shutting down", { signal });
    httpServer?.close();
    httpServer?.closeIdleConnections();
    const deadline = Date.now() + options.graceMs;
    const poll = setInterval(async () => {
      // A keep-alive connection whose answer just went out is idle now: it is not waited for.
      httpServer?.closeIdleConnections();
      const busy = (await openConnections()) > 0 || pendingBackgroundJobs() > 0;
      if (busy && Date.now() < deadline) return;
      clearInterval(poll);
      if (busy) log("warn", "stopping with work unfinished after the grace period", { graceMs: options.graceMs });
      httpServer?.closeAllConnections();
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
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
