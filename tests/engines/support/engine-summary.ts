import type { FullResult, Reporter, Suite } from "@playwright/test/reporter";

/**
 * Prints a pass/fail count per engine (per project) after the list of tests, and the totals last, so a
 * run's closing lines say which engine broke.
 */
export default class EngineSummary implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd(result: FullResult) {
    let passed = 0;
    let failed = 0;
    const lines: string[] = [];
    for (const project of this.root?.suites ?? []) {
      const outcomes = project.allTests().map((test) => test.outcome());
      const ok = outcomes.filter((outcome) => outcome === "expected").length;
      const bad = outcomes.filter((outcome) => outcome === "unexpected" || outcome === "flaky").length;
      const skipped = outcomes.length - ok - bad;
      passed += ok;
      failed += bad;
      lines.push(`${project.title}: ${ok} passed, ${bad} failed${skipped ? `, ${skipped} skipped` : ""}`);
    }
    const seconds = (result.duration / 1000).toFixed(1);
    console.log(`\nEngines (${result.status}, ${seconds} s):\n${lines.join("\n")}\n${passed} passed, ${failed} failed`);
  }

  printsToStdio() {
    return false;
  }
}
