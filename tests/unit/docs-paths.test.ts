// The docs cite files, tests and each other by name; a rename that forgets them leaves a newcomer
// following a path that is not there. This holds every such citation in README.md and docs/ to the tree.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

const docs = ["README.md", ...markdownFiles("docs")].map((file) => ({ file, text: readFileSync(file, "utf8") }));

/** The text outside fenced code blocks (headings and links inside them are examples, not the document's). */
function prose(text: string) {
  return text.replace(/^```[\s\S]*?^```/gm, "");
}

/**
 * Paths into the project's own folders, wherever they appear. Placeholders (`<entity>`, `*`, `…`, `{…}`)
 * stand for many files and are skipped; so is what only exists while tests run (tests/.tmp).
 */
function citedPaths(text: string) {
  const found = text.match(/(?<![\w./~@-])(?:app|tests|scripts|prisma|public|docs|patches)\/[\w.$[\]<>…*{}/-]*/g) ?? [];
  return [
    ...new Set(
      found
        // A link's closing bracket or a sentence's full stop is not part of the path; `[.]` in a route name is.
        .map((match) =>
          match
            .replace(/[.,:;]+$/, "")
            .replace(/\]$/, (bracket, at: number, whole: string) => (whole.includes("[") ? bracket : "")),
        )
        .filter((match) => !/[<>*…{}]/.test(match) && !match.startsWith("tests/.tmp")),
    ),
  ];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string) {
  const text = prose(readFileSync(file, "utf8"));
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1])));
}

describe("the docs cite only what exists", () => {
  test.each(docs)("every file and folder $file names is in the tree", ({ text }) => {
    const missing = citedPaths(text).filter((cited) => !existsSync(cited));
    expect(missing).toEqual([]);
  });

  test.each(docs)("every link in $file reaches a file and, with #, a heading in it", ({ file, text }) => {
    const broken: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto: not ours to check here
      const [relative, anchor] = target.split("#");
      const linked = relative ? path.join(path.dirname(file), relative) : file;
      if (!existsSync(linked)) broken.push(target);
      else if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  test.each(docs)("every test $file quotes by name is in the file it names", ({ text }) => {
    const missing: string[] = [];
    // `tests/x.test.ts` "a test's name", "another…": a quoted name right after a test file's path.
    for (const [, file, quoted] of text.matchAll(/`(tests\/[^`]+\.(?:test|spec)\.tsx?)`((?:,?\s*"[^"]+")+)/g)) {
      const source = existsSync(file) ? readFileSync(file, "utf8") : "";
      for (const [, name] of quoted.matchAll(/"([^"]+)"/g)) {
        // An ellipsis stands for words left out: each remaining part must be in the file.
        const parts = name
          .split("…")
          .map((part) => part.trim())
          .filter(Boolean);
        if (!parts.every((part) => source.includes(part))) missing.push(`${file} "${name}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the docs name every setting", () => {
  // The keys of the schema every setting is validated with, read from its source.
  const schemaSource = readFileSync("app/utils/env.server.ts", "utf8");
  const schemaBody = schemaSource.slice(schemaSource.indexOf("const envSchema"), schemaSource.indexOf(".superRefine("));
  const settings = [...schemaBody.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
  const example = [...readFileSync(".env.example", "utf8").matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
  const operations = readFileSync("docs/operations.md", "utf8");

  test("the settings are read from env.server.ts", () => {
    expect(settings).toContain("DATABASE_URL");
    expect(settings).toContain("LOG_LEVEL");
  });

  test("docs/operations.md describes every setting the server validates", () => {
    expect(settings.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });

  test(".env.example lists every setting but NODE_ENV, and nothing the server does not read", () => {
    expect(settings.filter((name) => name !== "NODE_ENV" && !example.includes(name))).toEqual([]);
    expect(example.filter((name) => !settings.includes(name))).toEqual([]);
  });
});
