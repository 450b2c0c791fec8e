import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './tests/setup/summary-reporter.ts';

// Exactly 'true' quiets the AWS SDK's Node 20 notice in every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter()],
    projects: [
      // Time limits catch a hang, they measure nothing (npm run bench does): on a 2-core machine
      // running the browser suite beside these, a file importing the whole app or a test hashing
      // passwords several times takes several times as long as alone.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/dynamo.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          // each file's app is the only writer of its table and forgets the day state on a save:
          // a zone change's rebuild need not wait for other processes (counters/rebuild.job.ts)
          env: { DAY_REBUILD_SETTLE_MS: '2000' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/server.global.ts'],
          setupFiles: ['tests/setup/server.ready.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: on a busy machine a screen can take longer
          // to show what it will show (tests/setup/browser.ts waits as long: waitMs)
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with a server of its own (tests/setup/server.global.ts), so
          // they share no state; E2E_WORKERS=1 runs them one after another.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS || 2),
          // A browser test that fails once on a busy machine is tried once more, and named as
          // flaky in the summary (tests/setup/summary-reporter.ts) so it still gets fixed.
          retry: 1,
        },
      },
    ],
  },
});
