import type { Reporter, TestModule } from 'vitest/node';

/** Ends `npm test` with one line of its own: `N passed, N failed` (and `, N skipped` if any). */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly unknown[]) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      // A file that failed to load counts as a failure even though it ran no test.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    setTimeout(() => console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`), 0);
  }
}
