import { serve } from '@hono/node-server';
import { parseRetrySchedule } from '@event-admin/core/webhook/sender';
import { superviseSender } from './supervise-sender.ts';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchLimits, createDb } from '@event-admin/core/db/client';
import { runMigrations } from '@event-admin/core/maintenance/migrations';
import { backgroundJobs } from '@event-admin/core/background';
import { sweepHoldsEvery } from '@event-admin/core/hold/index';
import * as Stats from '@event-admin/core/stats/index';
import { createApp } from '../app.ts';
import { compression } from '../compress.ts';
import { localConfig } from '../config.ts';
import { ensureTable } from './dynamo-local.ts';
import { superviseDynamoLocal, type SupervisedDynamo } from './supervise-dynamo.ts';
import { seedDemoData } from './seed.ts';
import { builtInlineScripts } from './inline-scripts.ts';
import { outlastClients } from './keep-alive.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');

/** The webhook sender's process, once the store is up. */
let sender: ReturnType<typeof superviseSender> | undefined;

/** How long SIGTERM waits for requests in flight before it closes their connections. */
const drainMs = 10_000;

/** How often the background jobs are looked at besides after each rename: a run cut off by a stop resumes. */
const jobsEveryMs = 30_000;

async function main() {
  const env = process.env;
  const port = Number(env.PORT || 3000);
  const host = env.HOST || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR || resolve(repoRoot, '.data'));
  const webDist = resolve(env.WEB_DIST || resolve(repoRoot, 'packages/web/dist'));

  let server: Server | undefined;
  let stopping = false;
  /** Ctrl-C or SIGTERM: stop accepting, let requests in flight finish, stop the store, exit 0. */
  const shutdown = async (code: number, why?: string) => {
    if (stopping) return;
    stopping = true;
    dynamo?.release?.();
    sender?.release();
    if (why) console.error(why);
    if (server) {
      console.log('Stopping: no new requests; finishing the ones in flight (10 s at most).');
      await closeGracefully(server, drainMs);
    }
    // the deliveries under way are recorded before the store stops
    await sender?.stop();
    await dynamo?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  // Declared before it is set: a signal during the start reads it as undefined, not from its dead zone.
  // eslint-disable-next-line prefer-const
  let dynamo: (Pick<SupervisedDynamo, 'endpoint' | 'stop'> & { release?: () => void }) | undefined;
  dynamo = env.DYNAMODB_ENDPOINT
    ? externalDynamo(env.DYNAMODB_ENDPOINT)
    : await superviseDynamoLocal({
        dataDir,
        port: env.DYNAMODB_PORT ? Number(env.DYNAMODB_PORT) : undefined,
        unresponsiveMs: env.DYNAMODB_UNRESPONSIVE_MS ? Number(env.DYNAMODB_UNRESPONSIVE_MS) : undefined,
        onGiveUp: (reason) => void shutdown(1, `${reason}\nStopping: the API cannot work without its database.`),
      });
  if (stopping) return dynamo.stop(); // asked to stop while it was starting

  try {
    server = await listen(env, dynamo.endpoint, { port, host, dataDir, webDist });
    outlastClients(server);
    server.on('error', (error) => void shutdown(1, `Could not listen on ${host}:${port}: ${error.message}`));
  } catch (error) {
    await dynamo.stop();
    throw error;
  }
}

/** Closes the listener; connections still busy after `ms` are cut. Idle keep-alive ones close at once. */
function closeGracefully(server: Server, ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, ms);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * DYNAMODB_ENDPOINT: a DynamoDB Local already running (the bench loads data into one and serves
 * it with this server). Only a local one: this runtime never talks to AWS.
 */
function externalDynamo(endpoint: string): Pick<SupervisedDynamo, 'endpoint' | 'stop'> {
  const host = new URL(endpoint).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost')
    throw new Error(`DYNAMODB_ENDPOINT must be a local DynamoDB (127.0.0.1 or localhost), not ${endpoint}`);
  return { endpoint, stop: async () => {} };
}

async function listen(env: NodeJS.ProcessEnv, endpoint: string, where: { port: number; host: string; dataDir: string; webDist: string }) {
  const { port, host, dataDir, webDist } = where;
  const config = { ...localConfig(env, endpoint), inlineScripts: builtInlineScripts(webDist) };
  if (config.passwordIsDefault) {
    console.warn('WARNING: ADMIN_PASSWORD is not set, so the admin password is "admin". Set ADMIN_PASSWORD before exposing this server.');
  }
  const created = await ensureTable(endpoint, config.tableName);
  const db = createDb(config);
  // Before it serves, the start's own work is patient with a slow store (db/client.ts batchLimits).
  const startDb = createDb({ ...config, limits: batchLimits });
  // The data migrations this table has not recorded (core/maintenance/migrations.ts), before it serves.
  const migrated = await runMigrations(startDb, { tableIsNew: created });
  for (const [name, updated] of Object.entries(migrated.ran)) {
    if (!created) console.log(`Upgraded the stored data: ${name} (${updated} changed, once).`);
  }

  const seed = (env.SEED || 'demo').toLowerCase();
  if (seed !== 'none' && (await Stats.isEmpty(startDb))) {
    const started = Date.now();
    process.stdout.write('Loading demo data');
    const onProgress = (done: number, total: number) => {
      if (done % 50 === 0 || done === total) process.stdout.write('.');
    };
    await seedDemoData(startDb, undefined, new Date(), onProgress, `http://localhost:${port}`);
    console.log(` done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }

  // Background work runs in this process (core/background.ts): the jobs a rename or an erasure
  // queues, kicked by them, and at start and on a timer, so a job cut off by a stop or a crash
  // resumes and the days that are over are folded (counters/fold.ts).
  const jobs = backgroundJobs(db);
  void jobs.kick();
  setInterval(() => void jobs.kick(), jobsEveryMs).unref();
  // Held tickets are on sale again within seconds of a hold's expiry (issue 30): the lapsed-holds
  // sweep within a second of the expiry of a hold placed here, besides its turn in the jobs above.
  sweepHoldsEvery(db);
  // Webhooks go out from a process of their own, every second, what is due (core/webhook/sender.ts);
  // a delivery written just before a stop or a crash is sent after the next start.
  parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE); // a malformed schedule stops the start here, said plainly
  // the policy decided here (WEBHOOK_ALLOW_PRIVATE, or whether this server listens on loopback) is the sender's too
  const allowPrivate = config.webhookTargets?.allowPrivate ? '1' : '0';
  sender = superviseSender({ endpoint, tableName: config.tableName, env: { ...env, WEBHOOK_ALLOW_PRIVATE: allowPrivate } });

  const app = new Hono();
  // JSON and the web app's files go out compressed (brotli or gzip, as the browser accepts).
  app.use('*', compression());
  app.route('/', createApp({ db, config, jobs }));
  if (existsSync(resolve(webDist, 'index.html'))) {
    const root = relative(process.cwd(), webDist) || '.';
    // Hashed file names never change content: cached for a year. Everything else, index.html
    // above all, is revalidated on every visit so a new release shows at once.
    app.use('*', async (c, next) => {
      await next();
      if (!c.res.ok || c.res.headers.has('Cache-Control')) return;
      c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    });
    // The demo data names its images by http://localhost:PORT, which a page opened on
    // 127.0.0.1:PORT loads cross-origin: these public files may be.
    app.use('/demo/*', async (c, next) => {
      await next();
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    });
    app.use('*', serveStatic({ root }));
    // The sign-in screen comes already drawn (the web build prerenders it into login.html).
    if (existsSync(resolve(webDist, 'login.html'))) app.get('/login', serveStatic({ root, path: 'login.html' }));
    // Client-side routes (and the 404 screen) are the app's: every other path gets index.html.
    app.get('*', serveStatic({ root, path: 'index.html' }));
  } else {
    app.get('*', (c) => c.text('The web app is not built yet: run `npm run build`, or use `npm start`, which builds it.', 503));
  }

  return serve({ fetch: app.fetch, port, hostname: host }, () => {
    console.log(`Event admin is running at http://localhost:${port} (data in ${dataDir}${created ? ', new table' : ''})`);
    console.log(
      `Sign in as "${config.admin.username}"${config.passwordIsDefault ? ' with password "admin"' : ' with ADMIN_PASSWORD'}. Ctrl-C stops it.`,
    );
  }) as Server;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
