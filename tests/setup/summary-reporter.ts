import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends `npm test` with one line of its own: `N passed, N failed` (and `, N skipped` if any). A
 * test that passed only when tried again (the browser suite allows one retry) is named above it,
 * with the first line of its failed try's error: a retry keeps a slow machine from failing the
 * run, never from showing a flaky test.
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
        if (test.diagnostic()?.flaky) {
          // what the failed try said (vitest keeps its errors on the passed result): a flaky test
          // seen once in a long CI log can then be mended without running it again until it fails
          const error = (test.result().errors?.[0]?.message ?? '').split('\n')[0]!.slice(0, 300);
          flaky.push(
            `${module.moduleId.split('/tests/')[1] ?? module.moduleId} > ${test.fullName}${error ? `\n    first try: ${error}` : ''}`,
          );
        }
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
