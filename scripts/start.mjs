// `npm start`: builds the app and serves it. With no DATABASE_URL it runs on the embedded database in
// .data/ (migrated and seeded on first start) and keeps a generated session secret there too, so a fresh
// machine needs nothing but Node. Production deployments run `npm run serve` with real configuration.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";

const env = { ...process.env };
const port = env.PORT || "3000";
// Checked before the build, with the server's own wording: APP_URL below is made from it, and a
// malformed port would otherwise be reported twice (as PORT and as APP_URL) after a half-minute build.
if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error("Invalid configuration: PORT must be a whole number from 1 to 65535");
  process.exit(1);
}
env.PORT = port;

if (!env.SESSION_SECRET) {
  mkdirSync(".data", { recursive: true });
  const file = ".data/session-secret";
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}
// Links in mails and the origin check for forms come from APP_URL; locally that is the address served here.
env.APP_URL ||= `http://localhost:${port}`;

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["build/server.js"], {
  stdio: ["inherit", "pipe", "inherit"],
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
// A supervisor signals npm's own pid, and npm passes it on to the shell it runs the script in, which
// would die of it and leave this script and the server running: package.json `exec`s this script, so
// that shell is this process and the signal reaches the server.

// The server says "Administrator account created" once, when the seed has just made the account. That
// block is held back from the passing output and shown under the ready line instead, where it is seen.
let adminBlock = [];
let holdingAdminBlock = false;
createInterface({ input: server.stdout }).on("line", (line) => {
  if (line.startsWith("Administrator account created")) holdingAdminBlock = true;
  else if (holdingAdminBlock && !line.startsWith("  ")) holdingAdminBlock = false;
  if (holdingAdminBlock) adminBlock.push(line);
  else console.log(line);
});

const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 300));
}
console.log(["", `Walking Trails is running at ${env.APP_URL}`, ...adminBlock].join("\n"));
