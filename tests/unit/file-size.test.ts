// Small files of one concern: no hand-written file in app/ over 12,000 characters, so a reader meets one
// concern a file. What a tool writes (app/generated) is exempt; a file that grows past the line is split
// by what it does, not cut in two.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const APP = fileURLToPath(new URL("../../app", import.meta.url));
const LIMIT = 12_000;

function handWritten(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(APP, "generated") ? [] : handWritten(full);
    return [full];
  });
}

describe("files of one concern", () => {
  test(`no hand-written file in app/ is over ${LIMIT.toLocaleString("en")} characters`, () => {
    const files = handWritten(APP);
    // A walk that found nothing, or that went into the generated code, would pass for the wrong reason.
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.includes(`${path.sep}generated${path.sep}`))).toBe(false);
    const sizes = files.map((file) => ({ file: path.relative(APP, file), size: readFileSync(file, "utf8").length }));
    expect(sizes.some(({ size }) => size > 1_000)).toBe(true);
    const over = sizes.filter(({ size }) => size > LIMIT).map(({ file }) => file);
    expect(over).toEqual([]);
  });
});
