import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoLocal, type LocalDynamo } from './dynamo-local.ts';

/** Waits between restarts: quick at first, then slower while it keeps failing. */
const backoffMs = [500, 1000, 2000, 4000, 8000];
/** Restarts in a row that fail before `npm start` gives up (about half a minute of trying). */
const maxFailedRestarts = 5;
/** Up this long, it counts as healthy again: the next death starts the backoff from the start. */
const stableAfterMs = 60_000;
/**
 * Alive but silent this long (paused, hung; a SIGTERM to a paused process waits for it to be
 * resumed), it is killed, and so restarted. Long enough that a pause of 15 s is waited out.
 */
const defaultUnresponsiveMs = 30_000;
const probeEveryMs = 2_000;

export interface SupervisedDynamo {
  endpoint: string;
  /** no more restarts from now on (shutting down: Ctrl-C reaches DynamoDB Local too) */
  release: () => void;
  stop: () => Promise<void>;
}

/**
 * DynamoDB Local under supervision: when it dies, it is started again on the same port and the
 * same data directory (its data is on disk), with backoff. Meanwhile the API answers 503, since
 * the store client has time limits. `onGiveUp` is called once restarting no longer works.
 */
export async function superviseDynamoLocal(options: {
  dataDir: string;
  port?: number;
  onGiveUp: (reason: string) => void;
  unresponsiveMs?: number;
}) {
  let current: LocalDynamo = await startDynamoLocal(options);
  const port = Number(new URL(current.endpoint).port);
  let stopping = false;
  let failures = 0;
  let startedAt = Date.now();
  let starting: Promise<LocalDynamo> | undefined;
  console.log(`DynamoDB Local started (pid ${current.process.pid}) on 127.0.0.1:${port}.`);

  const restart = async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, backoffMs[Math.min(failures, backoffMs.length - 1)]));
      if (stopping) return;
      try {
        starting = startDynamoLocal({ dataDir: options.dataDir, port });
        current = await starting;
        if (stopping) return void current.stop();
        startedAt = Date.now();
        console.log(`DynamoDB Local is back (pid ${current.process.pid}); the API answers again.`);
        watch(current);
        return;
      } catch (error) {
        failures += 1;
        const why = error instanceof Error ? error.message : String(error);
        if (failures >= maxFailedRestarts) {
          return options.onGiveUp(`DynamoDB Local could not be restarted (${failures} attempts failed). Last error: ${why}`);
        }
        console.error(`DynamoDB Local did not start again (attempt ${failures}): ${why.split('\n')[0]}`);
      }
    }
  };

  const watch = (dynamo: LocalDynamo) => {
    dynamo.process.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt > stableAfterMs) failures = 0;
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      console.error(`DynamoDB Local stopped unexpectedly (${how}): restarting it; the API answers 503 until it is back.`);
      void restart();
    });
  };
  watch(current);

  // The liveness probe: DynamoDB Local must answer a ListTables now and then.
  const unresponsiveMs = options.unresponsiveMs ?? defaultUnresponsiveMs;
  const probe = new DynamoDBClient({
    endpoint: current.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: probeEveryMs, requestTimeout: probeEveryMs, throwOnRequestTimeout: true },
  });
  let answeredAt = Date.now();
  let probing = false;
  const liveness = setInterval(async () => {
    if (probing || stopping) return;
    const dynamo = current;
    if (dynamo.process.exitCode !== null || dynamo.process.signalCode !== null) return (answeredAt = Date.now()); // being restarted
    probing = true;
    try {
      await probe.send(new ListTablesCommand({ Limit: 1 }));
      answeredAt = Date.now();
    } catch {
      if (Date.now() - answeredAt >= unresponsiveMs && dynamo === current && !stopping) {
        console.error(`DynamoDB Local has not answered for ${Math.round(unresponsiveMs / 1000)} s: killing it to start it again.`);
        answeredAt = Date.now();
        dynamo.process.kill('SIGKILL');
      }
    } finally {
      probing = false;
    }
  }, probeEveryMs);
  liveness.unref();

  return {
    endpoint: current.endpoint,
    release: () => {
      stopping = true;
      clearInterval(liveness);
    },
    stop: async () => {
      stopping = true;
      clearInterval(liveness);
      probe.destroy();
      // One being started right now is stopped too, never left running on its own.
      await Promise.all([
        current.stop(),
        starting?.then(
          (started) => started.stop(),
          () => undefined,
        ),
      ]);
    },
  } satisfies SupervisedDynamo;
}
