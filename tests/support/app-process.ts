// Starts the production build (build/index.js under remix-serve) as its own process, the way it runs
// in the container, for tests of start-up, configuration, health and shutdown.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type AppProcess = {
  url: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

// Every app a test starts, so a failing assertion cannot leave a server running after the test.
const running = new Set<AppProcess>();

/** Stops whatever the test started and did not stop itself (use in afterEach). */
export async function stopAllApps() {
  await Promise.all([...running].map((app) => app.stop("SIGKILL")));
}

export async function startApp(env: Record<string, string | undefined>): Promise<AppProcess> {
  const port = await freePort();
  const fullEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SESSION_SECRET: "test-session-secret-0123456789",
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "info",
    ...env,
  };
  for (const key of Object.keys(fullEnv)) if (fullEnv[key] === undefined) delete fullEnv[key];
  const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const app: AppProcess = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
        if (child.exitCode !== null) throw new Error(`app exited (${child.exitCode}) before ${pattern}; output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  running.add(app);
  void exited.then(() => running.delete(app));
  return app;
}

export async function waitForHealthy(app: AppProcess, timeoutMs = 30_000) {
  await app.waitForOutput(/\[remix-serve\]/, timeoutMs);
}
