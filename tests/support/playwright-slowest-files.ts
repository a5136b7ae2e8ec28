// Prints where a Playwright run's time went: the ten spec files whose tests took longest, summed over
// every project (with and without JavaScript) and retry, with their share of the run's worker time.
// Playwright's own `reportSlowTests` names a file only when it ran serially in one worker.
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestSpecFilesReporter implements Reporter {
  private readonly files = new Map<string, { ms: number; tests: number }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    const entry = this.files.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.files.set(file, entry);
  }

  onEnd(result: FullResult) {
    const rows = [...this.files].sort(([, a], [, b]) => b.ms - a.ms);
    const all = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
    const lines = rows
      .slice(0, 10)
      .map(([file, { ms, tests }]) => `${seconds(ms)}  ${String(tests).padStart(3)} tests  ${file}`);
    console.log(
      `\nThe 10 slowest of ${rows.length} spec files (all tests: ${seconds(all).trim()} of worker time in ${seconds(result.duration).trim()}):\n${lines.join("\n")}`,
    );
  }

  printsToStdio() {
    return false;
  }
}
