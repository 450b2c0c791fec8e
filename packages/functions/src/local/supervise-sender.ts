import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Waits between restarts of a sender that died: quick at first, then slower while it keeps dying. */
const backoffMs = [500, 1000, 2000, 5000, 10_000, 30_000];
/** Up this long, it counts as healthy again: the next death starts the backoff from the start. */
const stableAfterMs = 60_000;
/** How long a stop waits for the pass under way (a delivery has 10 s) before it kills the sender. */
const drainMs = 15_000;

const entry = fileURLToPath(new URL('./webhook-sender.ts', import.meta.url));

/**
 * The webhook sender (webhook-sender.ts) in its own process, restarted with backoff when it dies
 * (its deliveries are in the store: a restarted sender sends what is due). `stop` asks it to
 * finish its pass, and kills it if that takes longer than a delivery can.
 */
export function superviseSender(options: { endpoint: string; tableName: string; env: NodeJS.ProcessEnv }) {
  let child: ChildProcess | undefined;
  let stopping = false;
  let deaths = 0;
  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, ['--import', 'tsx', entry], {
      stdio: 'inherit',
      env: { ...options.env, SENDER_DYNAMODB_ENDPOINT: options.endpoint, TABLE_NAME: options.tableName },
    });
    child.on('exit', (code, signal) => {
      child = undefined;
      if (stopping) return;
      deaths = Date.now() - startedAt > stableAfterMs ? 1 : deaths + 1;
      const wait = backoffMs[Math.min(deaths, backoffMs.length) - 1]!;
      console.error(`The webhook sender stopped (${signal ?? `exit ${code}`}); starting it again in ${wait} ms.`);
      setTimeout(() => void (stopping || start()), wait).unref();
    });
  };
  start();
  return {
    /** no more restarts from now on (shutting down: Ctrl-C reaches the sender too) */
    release: () => void (stopping = true),
    async stop() {
      stopping = true;
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), drainMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
