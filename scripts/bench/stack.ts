// The local stack the bench measures: DynamoDB Local (in memory, so the bench can load its data
// straight into it), and `npm start` as a user runs it (the shared launcher of the tests,
// tests/setup/npm-start.ts) on 127.0.0.1, pointed at that DynamoDB Local by DYNAMODB_ENDPOINT.
// Everything started here is stopped here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, type Db } from '@event-admin/core/db/client';
import { ensureTable, freePort, startDynamoLocal, type LocalDynamo } from '@event-admin/functions/local/dynamo-local';
import { healthy, launchNpmStart, type Started } from '../../tests/setup/npm-start.ts';

export const root = resolve(import.meta.dirname, '../..');
export const benchPassword = 'bench-Secret-1';

export interface Stack {
  endpoint: string;
  tableName: string;
  db: Db;
  base: string;
  /** the session cookie of a signed-in admin ('session=...') */
  cookie: string;
  token: string;
  /** the server's process (npm start's child), whose memory the bench reads from /proc (scripts/bench/streams.ts) */
  serverPid: number;
  stop: () => Promise<void>;
}

/** The server process `npm start` (scripts/start.mjs) runs: its one child. */
function serverProcess(startPid: number) {
  const children = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`npm start (pid ${startPid}) has ${children.length} children, not its one server`);
  return Number(children[0]);
}

/** `dataDir`: DynamoDB Local on disk there, as `npm start` runs it (default: in memory). */
export async function startStack(options: { webDist?: string; dataDir?: string }): Promise<Stack> {
  const dynamo: LocalDynamo = await startDynamoLocal({ dataDir: options.dataDir });
  const tableName = 'bench';
  let server: Started | undefined;
  // npm start's DATA_DIR (its DynamoDB Local is this one, so nothing is written there)
  const dataDir = mkdtempSync(join(tmpdir(), 'event-admin-bench-'));
  const stop = async () => {
    if (server && server.child.exitCode === null) {
      process.kill(-server.child.pid!, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-server!.child.pid!, 'SIGKILL'), 5000);
      await server.exited;
      clearTimeout(timer);
    }
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ensureTable(dynamo.endpoint, tableName);
    const db = createDb({ tableName, endpoint: dynamo.endpoint });
    const port = await freePort();
    server = launchNpmStart(port, dataDir, {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      NODE_OPTIONS: '--max-old-space-size=4096',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      TABLE_NAME: tableName,
      ADMIN_PASSWORD: benchPassword,
      SEED: 'none',
      WEB_DIST: options.webDist ?? resolve(root, '.bench-no-web'),
    });
    await healthy(server, 60_000);
    const base = server.base;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ username: 'admin', password: benchPassword }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const token = decodeURIComponent(cookie.split('=')[1]!);
    return { endpoint: dynamo.endpoint, tableName, db, base, cookie, token, serverPid: serverProcess(server.child.pid!), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
