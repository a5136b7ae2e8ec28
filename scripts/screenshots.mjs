// `npm run screenshots`: the pages people judge the product by, at a phone's and a desktop's width,
// written to screenshots/ (git-ignored) so anyone can look without running the test suite. It builds the
// app when there is no build, serves it on a throw-away in-memory database and drives Debian's Chromium.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";

const OUT = "screenshots";
const WIDTHS = [390, 1280];
const ADMIN = { email: "screens@example.test", password: "screenshots-password" };

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

if (!existsSync("build/index.js") || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["build/server.js"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: base,
    SESSION_SECRET: "screenshots-session-secret-0123456789",
    DATABASE_URL: "",
    PGLITE_DATA_DIR: "memory://",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "error",
  },
});
const stopServer = () => server.exitCode === null && server.kill("SIGTERM");
process.on("exit", stopServer);

const deadline = Date.now() + 120_000;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the app exited (${server.exitCode}) before it was ready`);
  if (Date.now() > deadline) throw new Error("the app did not become ready within two minutes");
  const ok = await fetch(`${base}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  mkdirSync(OUT, { recursive: true });
  const visitor = await browser.newContext({ baseURL: base });
  const admin = await browser.newContext({ baseURL: base });
  const signIn = await admin.request.post("/api/user/signin", { data: ADMIN, headers: { Origin: base } });
  if (!signIn.ok()) throw new Error(`signing in as the administrator failed: ${signIn.status()}`);
  const videos = await (await admin.request.get("/api/video/videos")).json();

  const shots = [
    { name: "landing", context: visitor, path: "/" },
    { name: "video", context: admin, path: `/videos/${videos[0]._id}` },
    { name: "trails", context: admin, path: "/trails" },
    { name: "profiles", context: admin, path: "/adminControlPanel?option=profiles" },
    { name: "analytics", context: admin, path: "/adminAnalytics" },
  ];
  for (const shot of shots) {
    const page = await shot.context.newPage();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.goto(shot.path, { waitUntil: "networkidle" });
      const file = `${OUT}/${shot.name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${file}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  stopServer();
}
