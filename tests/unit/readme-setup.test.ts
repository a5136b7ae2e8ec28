// What a newcomer copies from the README and the docs must work as written: an install that leaves the
// committed lockfile alone, the port and health check named, and no Docker start that logs a password.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const readme = readFileSync("README.md", "utf8");
const docs = [
  { file: "README.md", text: readme },
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => ({ file: path.join("docs", name), text: readFileSync(path.join("docs", name), "utf8") })),
];

/** The shell commands of a document's fenced `sh` blocks, a continued line joined into one. */
function fencedCommands(text: string) {
  return [...text.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```/gm)].flatMap(([, block]) =>
    block.replace(/\\\n\s*/g, " ").split("\n"),
  );
}

/** Those and the inline code (a table's "`npm … && npm start`"), trimmed. */
function commands(text: string) {
  const inline = [...text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/`([^`\n]+)`/g)].map(([, code]) => code);
  return [...fencedCommands(text), ...inline].map((line) => line.trim()).filter(Boolean);
}

describe("the README's first steps", () => {
  test("the setup command installs with npm ci, which leaves package-lock.json as committed", () => {
    const runIt = /^## Run it\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
    const setup = /^```sh\n(.+)\n```/m.exec(runIt)?.[1];
    expect(setup).toMatch(/^npm ci\b/);
  });

  test("no command in the README or the docs installs with npm install, which may rewrite the lockfile", () => {
    const installs = docs.flatMap(({ file, text }) =>
      commands(text)
        .filter((command) => /\bnpm (?:install|i)\b/.test(command))
        .map((command) => `${file}: ${command}`),
    );
    expect(installs).toEqual([]);
  });

  test("the README names the PORT setting and the /healthz check", () => {
    expect(readme).toMatch(/`PORT`/);
    expect(readme).toMatch(/`(?:GET )?\/healthz`/);
  });

  test("every docker run in the README and the docs chooses the administrator's login, so none is printed in its logs", () => {
    const runs = docs.flatMap(({ file, text }) =>
      fencedCommands(text)
        .filter((command) => /^docker run\b/.test(command))
        .map((run) => `${file}: ${run}`),
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((run) => !/-e ADMIN_EMAIL=\S/.test(run) || !/-e ADMIN_PASSWORD=\S/.test(run))).toEqual([]);
  });

  test("the README shows how to run the image", () => {
    expect(fencedCommands(readme).some((command) => /^docker run\b/.test(command))).toBe(true);
  });
});
