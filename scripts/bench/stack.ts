// The local stack the bench measures: DynamoDB Local (in memory), and the real local server
// (packages/functions/src/local/main.ts: the Hono app, compression, the web build) in its own
// process on 127.0.0.1, pointed at that DynamoDB Local. Everything started here is stopped here.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createDb, type Db } from '@event-admin/core/db/client';
import { ensureTable, freePort, startDynamoLocal, type LocalDynamo } from '@event-admin/functions/local/dynamo-local';

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
  /** the server's process, whose memory the bench reads from /proc (scripts/bench/reports.ts) */
  serverPid: number;
  stop: () => Promise<void>;
}

/** `dataDir`: DynamoDB Local on disk there, as `npm start` runs it (default: in memory). */
export async function startStack(options: { webDist?: string; dataDir?: string }): Promise<Stack> {
  const dynamo: LocalDynamo = await startDynamoLocal({ dataDir: options.dataDir });
  const tableName = 'bench';
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server?.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await dynamo.stop();
  };
  try {
    await ensureTable(dynamo.endpoint, tableName);
    const db = createDb({ tableName, endpoint: dynamo.endpoint });
    const port = await freePort();
    server = spawn(
      process.execPath,
      ['--max-old-space-size=4096', '--import', 'tsx', resolve(root, 'packages/functions/src/local/main.ts')],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          DYNAMODB_ENDPOINT: dynamo.endpoint,
          TABLE_NAME: tableName,
          PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_PASSWORD: benchPassword,
          SEED: 'none',
          WEB_DIST: options.webDist ?? resolve(root, '.bench-no-web'),
        },
      },
    );
    let output = '';
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ username: 'admin', password: benchPassword }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const token = decodeURIComponent(cookie.split('=')[1]!);
    return { endpoint: dynamo.endpoint, tableName, db, base, cookie, token, serverPid: server.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
