import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '@event-admin/functions/local/dynamo-local';
import type { BrowserServer } from 'playwright-core';
import { launchChromiumServer } from './chromium.ts';
import { healthy, launchNpmStart, type Started } from './npm-start.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * The web build the suite serves: WEB_DIST's when it names one (CI builds the app once, beside
 * the type checks, and `npm start` later finds it fresh), else the current sources built into a
 * directory of this run's own, so parallel runs never share one.
 */
function webBuild() {
  if (process.env.WEB_DIST) {
    const given = resolve(root, process.env.WEB_DIST);
    if (!existsSync(join(given, 'index.html'))) throw new Error(`WEB_DIST (${given}) holds no web build`);
    return { dir: given, remove: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'event-admin-web-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(root, 'packages/web'),
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build (double
    // effects under StrictMode, 1.9 MB): test what ships.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The e2e suite runs against what `npm start` runs: the same script, on a temporary DATA_DIR
 * with the demo data, on a free port of 127.0.0.1. One server for each file that runs at once
 * (the project's maxWorkers, at most the files of this run): a file has its server to itself, as
 * when the files ran one after another, so files that change the admin's sessions, 2FA or the
 * figures the others compare never meet. The first server is waited for here; a file of another
 * worker waits for its own before it starts (server.ready.ts), so the first files run while the
 * other servers load their demo data. Each worker also has a Chromium of its own, which its files
 * connect to (browserForFile) instead of launching one each.
 */
export default async function setup(project: TestProject) {
  // The run's files, as the command line filters them (an internal field of vitest's; without it, all).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const files = (await project.globTestFiles(filters)).testFiles.length;
  const count = Math.max(1, Math.min(project.config.maxWorkers, files));
  const web = webBuild();
  const adminPassword = 'e2e-Secret-pass';
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(join(tmpdir(), 'event-admin-e2e-')));
  const servers: Started[] = [];
  const browsers: BrowserServer[] = [];
  const stop = async () => {
    await Promise.all([...servers.map((run) => stopServer(run)), ...browsers.map((browser) => browser.close())]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    web.remove();
  };
  // Every server has until then to answer (the first is waited for here, the others by their files):
  // loading the demo data takes about 80 s on two busy cores, and two servers load at once beside
  // the API suite, so this only catches a server that will never answer.
  const readyBy = Date.now() + 420_000;
  try {
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    ports.forEach((port, i) => servers.push(startServer(port, dataDirs[i]!, web.dir, adminPassword, count > 1 ? `${i + 1}` : '')));
    for (let i = 0; i < count; i++) browsers.push(await launchChromiumServer());
    await healthy(servers[0]!, readyBy - Date.now());
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide(
    'baseUrls',
    servers.map((run) => run.base),
  );
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  project.provide('serversReadyBy', readyBy);
  project.provide('adminPassword', adminPassword);
  return stop;
}

function startServer(port: number, dataDir: string, webDist: string, adminPassword: string, name: string) {
  // What a failing browser test needs to be understood: the server's 5xx answers (with their
  // cause and duration) and anything its DynamoDB Local or webhook sender supervision says, as they happen.
  // The server is the only writer of its table and forgets the day state on a save, as each
  // integration file's app: a zone change's rebuild waits 2 s for other writers, not 15
  // (counters/rebuild.job.ts; time-zone.test.ts waits for the rebuild after its last test).
  const env = { WEB_DIST: webDist, ADMIN_PASSWORD: adminPassword, SEED: 'demo', DAY_REBUILD_SETTLE_MS: '2000' };
  return launchNpmStart(port, dataDir, env, (line) => {
    if (line.includes('DynamoDB Local') || /webhook sender/i.test(line) || /"status":5\d\d/.test(line)) {
      process.stderr.write(`[e2e server${name && ` ${name}`}] ${line}\n`);
    }
  });
}

/** SIGTERM to the run's whole group; what has not stopped 1.5 s later is killed. */
async function stopServer(run: Started) {
  try {
    process.kill(-run.child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await Promise.race([run.exited, new Promise((r) => setTimeout(r, 1500))]);
  try {
    process.kill(-run.child.pid!, 'SIGKILL');
  } catch {
    // stopped cleanly
  }
}
