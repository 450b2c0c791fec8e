// `npm start` as a user runs it (scripts/start.mjs, on a temporary DATA_DIR and a free port of
// 127.0.0.1): the e2e suite's server, and the tests that stop, kill and restart it. Each run is in
// its own process group, so cleanup reaches DynamoDB Local and the webhook sender too.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve, join } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs `npm start` as a user does (scripts/start.mjs) on 127.0.0.1:`port` with DATA_DIR and
 * `env` on top, in a process group of its own; its output is kept, and `onLine` sees each line.
 */
export function launchNpmStart(port: number, dataDir: string, env: Record<string, string>, onLine?: (line: string) => void): Started {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
  });
  let output = '';
  let pending = '';
  const take = (chunk: Buffer) => {
    output += chunk;
    if (!onLine) return;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(onLine);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Every run started by this test file: killed at its end (killAll). */
export const started: Started[] = [];

/** Starts npm start with `password`, no demo data, no web build (the API only), and `env` on top. */
export function startNpm(port: number, dataDir: string, password: string, env: Record<string, string> = {}): Started {
  // WEB_DIST names no build: these tests need the API only, and start.mjs then builds nothing.
  const run = launchNpmStart(port, dataDir, { WEB_DIST: join(dataDir, 'no-web'), ADMIN_PASSWORD: password, SEED: 'none', ...env });
  started.push(run);
  return run;
}

/** Polls `probe` until it gives a value, failing with the server's output when it exits or `ms` pass. */
export async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined>, run: Started): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (run.child.exitCode !== null) throw new Error(`npm start exited (${run.child.exitCode}) waiting for ${what}:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const fetchWithin = (url: string, ms: number, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(ms) });

/** Waits until the run answers its health check. */
export const healthy = (run: Started, ms = 90_000) =>
  waitFor('a healthy server', ms, async () => ((await fetchWithin(`${run.base}/api/health`, 3000)).ok ? true : undefined), run);

/** Kills a run's whole process group at once: the server, DynamoDB Local, the sender. */
export function killGroup(run: Started) {
  try {
    process.kill(-run.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}
