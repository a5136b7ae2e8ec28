import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import { afterEach, expect, test } from "vitest";

// The end-to-end run's ports (tests/e2e/support/apps.ts): a block of five free ones below Linux's
// ephemeral range, skipping a block where anything already listens.
const firstFreePort = (block: number) =>
  Number(
    execFileSync(process.execPath, ["tests/e2e/support/first-free-port.mjs", String(block), "5"], { encoding: "utf8" }),
  );

const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function hold(port: number) {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  held.push(server);
}

test("a block whose ports are all free is the one the pid picks, below the ephemeral range", () => {
  const first = firstFreePort(999);
  // Another process may hold a port of that block: then the next one, wrapping round to the first.
  expect([30_995, 26_000, 26_005]).toContain(first);
  expect(first + 4).toBeLessThan(32_768);
});

test("a block with one port taken, by anything listening, is skipped for the next", async () => {
  const block = 400 + (process.pid % 100);
  const first = 26_000 + 5 * block;
  await hold(first + 3);
  const picked = firstFreePort(block);
  expect(picked).toBeGreaterThanOrEqual(first + 5);
  expect(picked % 5).toBe(0);
});
