import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import { resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@event-admin/core/db/client';
import { backfillSearchFields } from '@event-admin/core/maintenance/backfill-search';
import { backfillTransactionPointers } from '@event-admin/core/maintenance/backfill-transaction-ids';
import * as Stats from '@event-admin/core/stats/index';
import { createApp } from '../app.ts';
import { compression } from '../compress.ts';
import { localConfig } from '../config.ts';
import { ensureTable, startDynamoLocal, type LocalDynamo } from './dynamo-local.ts';
import { seedDemoData } from './seed.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');

async function main() {
  const env = process.env;
  const port = Number(env.PORT || 3000);
  const host = env.HOST || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR || resolve(repoRoot, '.data'));
  const webDist = resolve(env.WEB_DIST || resolve(repoRoot, 'packages/web/dist'));

  const dynamo = env.DYNAMODB_ENDPOINT
    ? externalDynamo(env.DYNAMODB_ENDPOINT)
    : await startDynamoLocal({ dataDir, port: env.DYNAMODB_PORT ? Number(env.DYNAMODB_PORT) : undefined });
  let server: ReturnType<typeof serve> | undefined;
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    server?.close();
    await dynamo.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  dynamo.process?.once('exit', (code) => {
    if (!stopping) {
      console.error(`DynamoDB Local stopped unexpectedly (exit ${code}).`);
      void shutdown(1);
    }
  });

  try {
    server = await listen(env, dynamo.endpoint, { port, host, dataDir, webDist });
  } catch (error) {
    await dynamo.stop();
    throw error;
  }
}

/**
 * DYNAMODB_ENDPOINT: a DynamoDB Local already running (the bench loads data into one and serves
 * it with this server). Only a local one: this runtime never talks to AWS.
 */
function externalDynamo(endpoint: string): Pick<LocalDynamo, 'endpoint' | 'stop'> & { process?: LocalDynamo['process'] } {
  const host = new URL(endpoint).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`DYNAMODB_ENDPOINT must be a local DynamoDB (127.0.0.1 or localhost), not ${endpoint}`);
  return { endpoint, stop: async () => {} };
}

async function listen(env: NodeJS.ProcessEnv, endpoint: string, where: { port: number; host: string; dataDir: string; webDist: string }) {
  const { port, host, dataDir, webDist } = where;
  const config = localConfig(env, endpoint);
  if (config.passwordIsDefault) {
    console.warn('WARNING: ADMIN_PASSWORD is not set, so the admin password is "admin". Set ADMIN_PASSWORD before exposing this server.');
  }
  const created = await ensureTable(endpoint, config.tableName);
  const db = createDb(config);
  const backfill = await backfillSearchFields(db, { tableIsNew: created });
  if (backfill.updated > 0) console.log(`Added search fields to ${backfill.updated} stored items (a one-off upgrade).`);
  const pointers = await backfillTransactionPointers(db, { tableIsNew: created });
  if (pointers.updated > 0) console.log(`Made ${pointers.updated} stored transactions findable by id (a one-off upgrade).`);

  const seed = (env.SEED || 'demo').toLowerCase();
  if (seed !== 'none' && (await Stats.isEmpty(db))) {
    const started = Date.now();
    process.stdout.write('Loading demo data');
    await seedDemoData(db, undefined, new Date(), (done, total) => {
      if (done % 50 === 0 || done === total) process.stdout.write('.');
    });
    console.log(` done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }

  const app = new Hono();
  // JSON and the web app's files go out compressed (brotli or gzip, as the browser accepts).
  app.use('*', compression());
  app.route('/', createApp({ db, config }));
  if (existsSync(resolve(webDist, 'index.html'))) {
    const root = relative(process.cwd(), webDist) || '.';
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('*', serveStatic({ root }));
    // Client-side routes (and the 404 screen) are the app's: every other path gets index.html.
    app.get('*', serveStatic({ root, path: 'index.html' }));
  } else {
    app.get('*', (c) => c.text('The web app is not built yet: run `npm run build`, or use `npm start`, which builds it.', 503));
  }

  const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
    console.log(`Event admin is running at http://localhost:${port} (data in ${dataDir}${created ? ', new table' : ''})`);
    console.log(
      `Sign in as "${config.admin.username}"${config.passwordIsDefault ? ' with password "admin"' : ' with ADMIN_PASSWORD'}. Ctrl-C stops it.`,
    );
  });
  server.on('error', (error) => {
    console.error(`Could not listen on ${host}:${port}: ${error.message}`);
    process.kill(process.pid, 'SIGTERM');
  });
  return server;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
