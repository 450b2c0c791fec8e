import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '@event-admin/functions/local/dynamo-local';

const root = resolve(import.meta.dirname, '../..');

/**
 * The e2e suite runs against what `npm start` runs: the same script, on a temporary DATA_DIR
 * with the demo data, on a free port of 127.0.0.1.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  // Its DynamoDB Local on a port known here, so a test can set up what no route makes yet (held tickets).
  const dynamoPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'event-admin-e2e-'));
  // Build the current sources into a directory of this run's own, so parallel runs never share one.
  const webDist = mkdtempSync(join(tmpdir(), 'event-admin-web-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(root, 'packages/web'),
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build (double
    // effects under StrictMode, 1.9 MB): test what ships.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
  const adminPassword = 'e2e-Secret-pass';
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DYNAMODB_PORT: String(dynamoPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_PASSWORD: adminPassword,
      SEED: 'demo',
    },
  });
  let output = '';
  let pending = '';
  const take = (chunk: Buffer) => {
    output += chunk;
    // What a failing browser test needs to be understood: the server's 5xx answers (with their
    // cause and duration) and anything its DynamoDB Local or webhook sender supervision says, as they happen.
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('DynamoDB Local') || /webhook sender/i.test(line) || /"status":5\d\d/.test(line)) {
        process.stderr.write(`[e2e server] ${line}\n`);
      }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', adminPassword);
  project.provide('dynamoEndpoint', `http://127.0.0.1:${dynamoPort}`);
  return async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // stopped cleanly
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  };
}
