// The closed-loop load generator of `npm run bench`: autocannon (HTTP/1.1 keep-alive over raw sockets,
// with its own parser) in a worker thread. Our own http.request client cost more CPU per request than the
// pages it measured and shared the bench's event loop with everything else; in a worker, autocannon sends
// from its own thread (the other core of these 2-core machines, while the server under test uses one).
// wrk, a native generator, would do as well, but it is not installed here and no package installs it.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const version = createRequire(import.meta.url)("autocannon/package.json").version;
export const loadGeneratorName = `autocannon ${version} in a worker thread`;

const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const autocannon = require(workerData.autocannon);
// Inside a worker autocannon hands back its raw histograms (it expects to be one of its own workers):
// aggregateResult turns them into the figures it prints.
autocannon(workerData.options, (error, raw) => {
  if (error) return parentPort.postMessage({ error: String(error) });
  const result = autocannon.aggregateResult([raw], workerData.options);
  parentPort.postMessage({ result: JSON.parse(JSON.stringify(result)) });
});
`;

/**
 * `connections` keep-alive connections sending `init` to `url` back to back for `seconds`: requests per
 * second, p50 and p99 latency in ms, and what went wrong (no answer, timeouts, statuses ≥ 400) by kind.
 */
export function closedLoop(url, { connections, seconds, init = {} }) {
  const options = {
    url,
    connections,
    duration: seconds,
    method: init.method ?? "GET",
    headers: init.headers ?? {},
    body: init.body,
    timeout: 10,
  };
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { autocannon: createRequire(import.meta.url).resolve("autocannon"), options },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", ({ error, result }) => {
      worker.terminate();
      if (error) return reject(new Error(error));
      const errorKinds = new Map();
      if (result.errors - result.timeouts > 0) errorKinds.set("no answer", result.errors - result.timeouts);
      if (result.timeouts > 0) errorKinds.set("timeout", result.timeouts);
      for (const [status, { count }] of Object.entries(result.statusCodeStats))
        if (Number(status) >= 400) errorKinds.set(`HTTP ${status}`, count);
      const count = result.requests.total;
      resolve({
        rps: count / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: [...errorKinds.values()].reduce((sum, n) => sum + n, 0),
        errorKinds,
        count,
        statuses: Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([status, { count: n }]) => [status, n]),
        ),
      });
    });
    worker.once("error", reject);
  });
}
