// `npm start`: builds the app and serves it. With no DATABASE_URL it runs on the embedded database in
// .data/ (migrated and seeded on first start) and keeps a generated session secret there too, so a fresh
// machine needs nothing but Node. Production deployments run `npm run serve` with real configuration.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";

const env = { ...process.env };
const port = env.PORT ?? "3000";
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

const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// Once healthy, say where the app is and how to sign in as the administrator.
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 300));
}
const lines = [``, `Walking Trails is running at ${env.APP_URL}`];
if (env.ADMIN_EMAIL) lines.push(`Administrator: ${env.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`);
// The embedded database's generated admin login is kept beside it; a server's was printed at its first start.
else if (!env.DATABASE_URL && existsSync(".data/admin-credentials.txt")) lines.push(readFileSync(".data/admin-credentials.txt", "utf8").trim());
console.log(lines.join("\n"));
