import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './tests/setup/summary-reporter.ts';

// Exactly 'true' quiets the AWS SDK's Node 20 notice in every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The tests' DynamoDB Locals (the integration suite's, each npm start's) live minutes, not days:
// the JVM's quick compiler alone spends about 40 % less CPU on them than both compilers (a demo
// load: 31 s instead of 51 s) at about the same speed, and CI is CPU-bound on its two cores.
// Both compilers saved the integration suite's stores 8 % of its CPU alone, but in CI the first
// save timed out (2 s) while they compiled (docs/testing.md). `npm start` and the bench keep the
// JVM's defaults.
process.env.JAVA_TOOL_OPTIONS = [process.env.JAVA_TOOL_OPTIONS, '-XX:TieredStopAtLevel=1'].filter(Boolean).join(' ');

const integration = {
  include: ['tests/integration/**/*.test.ts'],
  globalSetup: ['tests/setup/dynamo.global.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  expect: { poll: { timeout: 10_000 } },
  // each file's app is the only writer of its table and forgets the day state on a save:
  // a zone change's rebuild need not wait for other processes (counters/rebuild.job.ts)
  env: { DAY_REBUILD_SETTLE_MS: '2000' },
};
/**
 * The API suite's files at a time (unit, integration, integration-lambda: one number, as vitest
 * runs the projects of one group in one pool), each with a DynamoDB Local of its own
 * (tests/setup/dynamo.global.ts): the machine's cores less one, so one on two cores, where the
 * browser suite runs beside them. A second one there made CI slower (1,346 s against 1,253): the
 * run keeps both cores busy, and a worker adds its store and modules (docs/testing.md). Its apps
 * wait on their stores longer than deployed ones (suiteLimits in tests/setup/api.ts); the fault
 * files below keep the deployed limits, alone.
 */
const apiWorkers = Number(process.env.API_WORKERS) || Math.max(1, availableParallelism() - 1);
const e2eWorkers = Number(process.env.E2E_WORKERS) || (availableParallelism() > 2 ? 2 : 1);
/**
 * Files that pause or kill a store and time the answers (a 503 within 5 s): run after the rest
 * of the API suite, alone, so that no other integration file's load is in what they time.
 */
const faultFiles = ['tests/integration/store-faults.test.ts'];
/** The files of the Lambda entries (functions/src/lambda.ts, jobs.ts, webhooks.ts), whose handler lives as long as its module. */
const isolatedFiles = [
  'tests/integration/lambda*.test.ts',
  'tests/integration/jobs-function.test.ts',
  'tests/integration/webhooks.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter()],
    projects: [
      // Time limits catch a hang, they measure nothing (npm run bench does): on a 2-core machine
      // running the browser suite beside these, a file importing the whole app or a test hashing
      // passwords several times takes several times as long as alone.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000, maxWorkers: apiWorkers } },
      // The integration files share their worker's modules (isolate: false): each has a table and an
      // app of its own and the core's caches are keyed by the store, so a file need not load the
      // app and the AWS SDK again (about a sixth of the suite's time on two cores). The Lambda entries
      // keep one handler per module for their warm invocations: their files load their own.
      { test: { ...integration, name: 'integration', exclude: [...isolatedFiles, ...faultFiles], isolate: false, maxWorkers: apiWorkers } },
      { test: { ...integration, name: 'integration-lambda', include: isolatedFiles, maxWorkers: apiWorkers } },
      // its files start their own stores: none of the suite's
      {
        test: {
          ...integration,
          name: 'integration-faults',
          include: faultFiles,
          globalSetup: [],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
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
          // How many files run at a time, each with a server of its own (tests/setup/server.global.ts),
          // so they share no state: E2E_WORKERS, else two where the API suite has cores of its own
          // beside them, one on two cores. There a second worker's server, demo data and Chromium
          // cost more CPU than they saved waiting: `.ci/run` spent 2,182 CPU s with one against
          // 2,448 with two, and ended sooner (docs/testing.md).
          fileParallelism: true,
          maxWorkers: e2eWorkers,
          // A file's worker keeps the modules an earlier file loaded (Playwright's client, the
          // schemas): every file connects, signs in and closes what it opened on its own.
          isolate: false,
          // A browser test that fails once on a busy machine is tried once more, and named as
          // flaky in the summary (tests/setup/summary-reporter.ts) so it still gets fixed.
          retry: 1,
        },
      },
    ],
  },
});
