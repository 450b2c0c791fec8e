// `npm test`: the browser suite and the rest side by side, in two lanes of vitest processes, then
// one line of totals. They share nothing (the integration suite starts its own in-memory DynamoDB Local,
// the browser suite its own `npm start`), and each mostly waits on its store or its browser, so
// on two cores the integration suite runs in the browser suite's shadow instead of after it.
// Inside one vitest process a project that runs files one at a time is scheduled after the others
// (vitest groups it on its own), which is why these are separate processes and not one config.
// With arguments (`npm test -- tests/unit`) it is plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const extra = process.argv.slice(2);

if (extra.length > 0) {
  const child = spawn(process.execPath, [...vitest, ...extra], { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  // Each lane runs its suites one after another; the lanes run side by side. On two cores the
  // browser suite is the longer lane (it ended 165 s after the API suite, 1,076 s against 911): the
  // API suite's processes run at a lower priority (`nice` 5, which its workers and stores inherit),
  // so the cores serve the browser suite first and the API suite takes what that leaves. The
  // store-fault file, which times answers, runs after it at the usual priority.
  const projects = (...names) => names.flatMap((name) => ['--project', name]);
  const lanes = [
    [{ name: 'e2e', args: projects('e2e') }],
    [
      { name: 'api', args: projects('unit', 'integration', 'integration-lambda'), nice: 5 },
      { name: 'api-faults', args: projects('integration-faults') },
    ],
  ];
  const summary = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;
  const runSuite = ({ name, args, nice = 0 }) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [...vitest, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        // colours would hide the summary line from the pattern; CI logs read better without
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      // set before vitest starts its workers and stores, which inherit it
      if (nice && child.pid) setPriority(child.pid, nice);
      let counts;
      // each failure's name and the first line of its error, repeated above the totals: a
      // long log is often read from its end only
      const failures = new Map(); // 'FAIL …' line -> its error's first line
      let current;
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          const match = summary.exec(line.trim());
          if (match) counts = { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) };
          else (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${line}\n`);
          const text = line.trim();
          if (text.startsWith('FAIL ')) {
            current = `[${name}] ${text}`;
            if (!failures.has(current)) failures.set(current, '');
          } else if (current && /^\w*Error\b/.test(text)) {
            failures.set(current, text.slice(0, 300));
            current = undefined;
          }
        });
      }
      child.on('exit', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), counts, failures }));
    });
  const results = (
    await Promise.all(
      lanes.map(async (lane) => {
        const done = [];
        for (const suite of lane) done.push(await runSuite(suite));
        return done;
      }),
    )
  ).flat();
  const recap = results.flatMap((r) => [...r.failures].map(([failed, error]) => (error ? `${failed}\n    ${error}` : failed)));
  if (recap.length > 0) console.log(`\nWhat failed:\n${recap.join('\n')}\n`);
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { name, code, counts } of results) {
    // a suite that ended without its summary (it crashed) counts as one failure
    const c = counts ?? { passed: 0, failed: 1, skipped: 0 };
    if (!counts || (code !== 0 && c.failed === 0)) {
      console.log(`[${name}] ended with exit code ${code} before it reported its tests`);
      if (counts) c.failed = 1;
    }
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(results.some((r) => r.code !== 0) || total.failed > 0 ? 1 : 0);
}
