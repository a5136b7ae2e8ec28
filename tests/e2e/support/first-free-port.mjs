// Prints the first port of `count` free ones in a row, trying the blocks of 26000–30999 from the one `seed`
// (the runner's pid) picks on (apps.ts): run once by the Playwright configs, which cannot wait on a listen.
import { createServer } from "node:net";

const [seed, count] = process.argv.slice(2).map(Number);
const BLOCKS = Math.floor(5_000 / count);
const start = seed % BLOCKS;

const tryListen = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

for (let step = 0; step < BLOCKS; step++) {
  const first = 26_000 + count * ((start + step) % BLOCKS);
  const held = [];
  for (let port = first; port < first + count; port++) {
    const server = await tryListen(port);
    if (!server) break;
    held.push(server);
  }
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  if (held.length === count) {
    console.log(first);
    process.exit(0);
  }
}
console.error(`no ${count} free ports in a row between 26000 and 30999`);
process.exit(1);
