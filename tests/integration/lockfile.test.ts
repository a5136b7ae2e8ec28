// `docker build` runs `npm ci` with the npm of the official Node 20 image (npm 10), not this machine's
// npm 11: a lockfile only npm 11 accepts ("Missing: esbuild@… from lock file") breaks the image build.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";

const IMAGE_NPM = "10.8.2"; // what node:20-bookworm-slim ships (Node 20.19)

test(`the lockfile is accepted by npm ${IMAGE_NPM}, the npm of the official Node 20 image`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "wt-lockfile-"));
  try {
    for (const file of ["package.json", "package-lock.json"]) copyFileSync(file, path.join(dir, file));
    let output = "";
    try {
      output = execFileSync(
        "npx",
        ["-y", `npm@${IMAGE_NPM}`, "ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"],
        {
          cwd: dir,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          timeout: 120_000,
        },
      );
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      output = `${stdout ?? ""}${stderr ?? ""}`;
    }
    // On failure npm names what is missing; `npm run lock` regenerates the lockfile with that npm.
    expect(output, "run `npm run lock` to regenerate package-lock.json with the image's npm").not.toMatch(
      /npm error|npm ERR!/,
    );
    expect(output).toMatch(/\badd\b|up to date/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);
