import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends `npm test` with one line of its own: `N passed, N failed` (and `, N skipped` if any). A
 * test that passed only when tried again (the browser suite allows one retry) is named above it:
 * a retry keeps a slow machine from failing the run, never from showing a flaky test.
 */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly unknown[]) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of testModules) {
      // A file that failed to load counts as a failure even though it ran no test.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (test.diagnostic()?.flaky) flaky.push(`${module.moduleId.split('/tests/')[1] ?? module.moduleId} > ${test.fullName}`);
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    setTimeout(() => {
      for (const name of flaky) console.log(`flaky (passed when tried again): ${name}`);
      console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    }, 0);
  }
}
