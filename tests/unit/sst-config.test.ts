// sst.config.ts (and infra/) evaluated offline: SST's globals are stand-ins that record what
// the config declares, so a change to the table, the function or the routes on one side
// without the other fails here, long before a deploy.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from '@event-admin/core/db/table';
import { keys } from '@event-admin/core/db/keys';
import { installLambdaRuntime } from '../setup/lambda-runtime.ts';
import {
  apiFunction,
  type Component,
  Cron,
  Dynamo,
  Function,
  Invocation,
  Linkable,
  named,
  one,
  Output,
  pulumiTableArgs,
  RandomPassword,
  Router,
  Secret,
  sstConfigForFile,
  StaticSite,
} from '../setup/sst-config.ts';
import type { LinkedResources } from '@event-admin/functions/config';
// @ts-expect-error: a plain .mjs script without type declarations
import { shared as functionBundle } from '../../scripts/bundle-function.mjs';

const root = resolve(import.meta.dirname, '../..');
const evaluate = sstConfigForFile();

describe('sst.config.ts', () => {
  it('names the app and keeps production data: retained on removal, stage protected', async () => {
    const production = await evaluate('production');
    const providers = { random: expect.stringMatching(/^\d+\.\d+\.\d+$/) };
    expect(production.app).toEqual({ name: 'event-admin', home: 'aws', removal: 'retain', protect: true, providers });
    const dev = await evaluate('dev');
    expect(dev.app).toEqual({ name: 'event-admin', home: 'aws', removal: 'remove', protect: false, providers });
  });

  it("declares exactly one table, and it is core's table definition", async () => {
    const { components } = await evaluate('dev');
    const table = one(components, Dynamo);
    expect(table.componentName).toBe('Table');
    const { deletionProtection, transform, stream, ...shape } = table.args;
    expect(shape).toEqual(tableDefinition);
    expect(stream).toBe('new-image');
    expect(deletionProtection).toBe(false);
    expect(transform).toBeDefined();
  });

  it("keeps the table's data: point-in-time recovery on every stage; in production deletion protection, and retained by `sst remove`", async () => {
    for (const stage of ['production', 'dev']) {
      const { app, components } = await evaluate(stage);
      const table = pulumiTableArgs(one(components, Dynamo));
      expect(table.pointInTimeRecovery, stage).toEqual({ enabled: true });
      // Protected wherever the stage keeps its resources, so the two cannot disagree.
      expect(table.deletionProtectionEnabled, stage).toBe(app.removal !== 'remove');
    }
    const production = await evaluate('production');
    expect(production.app.removal).toBe('retain');
    expect(pulumiTableArgs(one(production.components, Dynamo)).deletionProtectionEnabled).toBe(true);
  });

  it('declares only key attributes, each used by an index (DynamoDB refuses any other)', () => {
    const { fields, primaryIndex, globalIndexes } = tableDefinition;
    const keys = new Set([
      primaryIndex.hashKey,
      primaryIndex.rangeKey,
      ...Object.values(globalIndexes).flatMap((i) => [i.hashKey, i.rangeKey]),
    ]);
    expect(new Set(Object.keys(fields))).toEqual(keys);
  });

  it('declares the admin password as a secret without a default, so every stage must set it', async () => {
    const { components } = await evaluate('production');
    const secret = one(components, Secret);
    expect(secret.componentName).toBe('AdminPassword');
    expect(secret.args).toBeUndefined();
  });

  it('runs the Hono app as a streaming Node 22 arm64 function with the table and the secrets linked', async () => {
    const { components } = await evaluate('production');
    const fn = apiFunction(components);
    const table = one(components, Dynamo);
    const secret = one(components, Secret);
    const origin = one(components, Linkable);
    expect(fn.componentName).toBe('Api');
    expect(fn.args.handler).toBe('packages/functions/src/lambda.handler');
    expect(fn.args.runtime).toBe('nodejs22.x');
    expect(fn.args.architecture).toBe('arm64');
    expect(fn.args.link).toEqual([table, secret, origin, named(components, Function, 'Jobs')]);
    // The names the function reads through Resource (packages/functions/src/config.ts).
    const linked: (keyof LinkedResources)[] = ['Table', 'AdminPassword', 'OriginSecret', 'Jobs'];
    expect(fn.args.link.map((c: Component) => c.componentName)).toEqual(linked);
    // A RESPONSE_STREAM Function URL: lists and exports are not cut at a buffered answer's 6 MB.
    expect(fn.args.streaming).toBe(true);
    expect(fn.args.url).toEqual({ cors: false });
    expect(parseInt(fn.args.memory)).toBeGreaterThanOrEqual(512);
    expect(fn.args.memory).toMatch(/^\d+ MB$/);
    // Bounded: the Router's route waits this long (readTimeout), and CloudFront allows at most 60 s without a quota increase.
    expect(fn.args.timeout).toMatch(/^\d+ seconds$/);
    expect(parseInt(fn.args.timeout)).toBeLessThanOrEqual(60);
  });

  it('links a random origin secret of its own, never a value written in the repository', async () => {
    const { components } = await evaluate('production');
    const password = one(components, RandomPassword);
    const origin = one(components, Linkable);
    expect(origin.componentName).toBe('OriginSecret');
    expect(origin.args.properties.value).toBe(password.result);
    expect(password.args.length).toBeGreaterThanOrEqual(32);
    // Letters and digits only: it is written into the CloudFront Function's code as a string.
    expect(password.args.special).toBe(false);
  });

  it("injects into the Router's viewer-request function: the viewer address on every request, the secret on API requests", async () => {
    const { components } = await evaluate('production');
    const router = one(components, Router);
    const secret = one(components, RandomPassword).result.value;
    const injection = router.args.edge.viewerRequest.injection;
    expect(injection).toBeInstanceOf(Output);
    // Run as CloudFront would: SST puts the injection at the start of its handler.
    const viewerRequest = (uri: string, headers: Record<string, { value: string }>) =>
      runInNewContext(`(async function handler(event) {\n${injection.value}\nreturn event.request;\n})(event)`, {
        event: { viewer: { ip: '198.51.100.23' }, request: { method: 'POST', uri, headers } },
      }) as Promise<{ headers: Record<string, { value: string }> }>;
    const forged = { 'x-viewer-address': { value: '10.0.0.1' }, 'x-origin-verify': { value: 'guessed' } };
    for (const uri of ['/api/auth/login', '/api', '/trpc/auth.me']) {
      const { headers } = await viewerRequest(uri, { ...forged });
      expect(headers['x-viewer-address']).toEqual({ value: '198.51.100.23' });
      expect(headers['x-origin-verify']).toEqual({ value: secret });
    }
    for (const uri of ['/', '/assets/index.js', '/apiary', '/events/abc']) {
      const { headers } = await viewerRequest(uri, { ...forged });
      expect(headers['x-viewer-address']).toEqual({ value: '198.51.100.23' });
      expect(headers['x-origin-verify']).toBeUndefined();
    }
  });

  it('points the handler at a module that exports it', async () => {
    const { components } = await evaluate('dev');
    const [path, exported] = apiFunction(components).args.handler.split(/\.(?=[^./]+$)/);
    expect(existsSync(resolve(root, `${path}.ts`))).toBe(true);
    // As Lambda loads it: the runtime's `awslambda` global is there first.
    installLambdaRuntime();
    const module = await import(resolve(root, `${path}.ts`));
    expect(typeof module[exported]).toBe('function');
  });

  it('bundles the function as `npm run bench` measures it', async () => {
    const { components } = await evaluate('dev');
    const { nodejs } = apiFunction(components).args;
    expect(nodejs).toEqual({
      format: functionBundle.format,
      minify: functionBundle.minify,
      splitting: functionBundle.splitting,
      esbuild: { mainFields: functionBundle.mainFields },
    });
  });

  it('serves /api/* and /trpc/* from the function and everything else from the app, on one router', async () => {
    const { components, outputs } = await evaluate('production');
    const router = one(components, Router);
    const fn = apiFunction(components);
    const site = one(components, StaticSite);
    // SST's router matches a route's path and everything below it: '/api' is /api and /api/*.
    // CloudFront waits for an answer as long as the function may run, not its default 20 s.
    expect(router.routes).toEqual([
      { pattern: '/api', url: fn.url, args: { readTimeout: fn.args.timeout } },
      { pattern: '/trpc', url: fn.url, args: { readTimeout: fn.args.timeout } },
    ]);
    expect(site.args.router).toEqual({ instance: router });
    expect(outputs.url).toBe(router.url);
  });

  it("sets the API routes' CloudFront read timeout to the function's timeout, within CloudFront's 1-60 s", async () => {
    const { components } = await evaluate('production');
    const router = one(components, Router);
    const timeout = apiFunction(components).args.timeout;
    expect(router.routes.map((route) => route.args)).toEqual([{ readTimeout: timeout }, { readTimeout: timeout }]);
    expect(timeout).toMatch(/^\d+ seconds$/);
    expect(parseInt(timeout)).toBeGreaterThan(20);
    expect(parseInt(timeout)).toBeLessThanOrEqual(60);
  });

  it('runs the background jobs function every minute with the table linked, and lets the API start it', async () => {
    const { components } = await evaluate('production');
    const jobs = named(components, Function, 'Jobs');
    const table = one(components, Dynamo);
    expect(jobs.args.handler).toBe('packages/functions/src/jobs.handler');
    expect(jobs.args.link).toEqual([table]);
    expect(jobs.args.runtime).toBe('nodejs22.x');
    expect(jobs.args.architecture).toBe('arm64');
    expect(jobs.args.nodejs).toEqual(apiFunction(components).args.nodejs);
    // The handler keeps 15 s of its time for the step under way: the timeout must leave a budget.
    expect(jobs.args.timeout).toMatch(/^\d+ seconds$/);
    expect(parseInt(jobs.args.timeout)).toBeGreaterThan(15);
    expect(parseInt(jobs.args.timeout)).toBeLessThanOrEqual(60);
    const cron = named(components, Cron, 'JobsCron');
    expect(cron.args).toEqual({ function: jobs.arn, schedule: 'rate(1 minute)' });
    expect(apiFunction(components).args.link).toContain(jobs);
    // each deploy runs the data migrations (invoked again every time) before it updates the API
    const migrations = one(components, Invocation);
    expect([migrations.args.functionName, JSON.parse(migrations.args.input)]).toEqual([jobs.name, { migrate: true }]);
    expect(Object.keys(migrations.args.triggers)).toEqual(['deployedAt']);
    expect(apiFunction(components).options?.dependsOn).toEqual([migrations]);
  });

  it("sends webhooks from a function the table's new announcements wake, and a cron every minute for the retries", async () => {
    const { components } = await evaluate('production');
    const sender = named(components, Function, 'WebhookSender');
    const table = one(components, Dynamo);
    expect(sender.args.handler).toBe('packages/functions/src/webhooks.handler');
    expect(sender.args.link).toEqual([table]);
    expect(sender.args.nodejs).toEqual(apiFunction(components).args.nodejs);
    expect(parseInt(sender.args.timeout)).toBeGreaterThan(15);
    expect(table.subscriptions).toEqual([
      {
        name: 'WebhookDeliveries',
        subscriber: sender.arn,
        args: { filters: [{ eventName: ['INSERT'], dynamodb: { NewImage: { gsi1pk: { S: [{ prefix: 'WEBHOOKS_OUTBOX' }] } } } }] },
      },
    ]);
    // the prefix is the outbox's due index, as core spells it
    expect(keys.outboxDuePartitions().every((p) => p.startsWith('WEBHOOKS_OUTBOX'))).toBe(true);
    expect(named(components, Cron, 'WebhookCron').args).toEqual({ function: sender.arn, schedule: 'rate(1 minute)' });
    const [path, exported] = sender.args.handler.split(/\.(?=[^./]+$)/);
    expect(typeof (await import(resolve(root, `${path}.ts`)))[exported]).toBe('function');
  });

  it('points the jobs handler at a module that exports it', async () => {
    const { components } = await evaluate('dev');
    const [path, exported] = named(components, Function, 'Jobs').args.handler.split(/\.(?=[^./]+$)/);
    expect(existsSync(resolve(root, `${path}.ts`))).toBe(true);
    const module = await import(resolve(root, `${path}.ts`));
    expect(typeof module[exported]).toBe('function');
  });

  it('builds the web app from packages/web and falls back to index.html for app routes', async () => {
    const { components } = await evaluate('production');
    const site = one(components, StaticSite);
    expect(site.componentName).toBe('Web');
    expect(site.args.path).toBe('packages/web');
    expect(site.args.build).toEqual({ command: 'npm run build', output: 'dist' });
    const web = JSON.parse(readFileSync(resolve(root, 'packages/web/package.json'), 'utf8'));
    expect(web.scripts.build).toBeTruthy();
    // Without an errorPage SST serves indexPage (default index.html) with 200 for unknown paths: the SPA fallback.
    expect(site.args.errorPage).toBeUndefined();
    expect(site.args.indexPage ?? 'index.html').toBe('index.html');
    expect(site.args.domain).toBeUndefined();
  });

  it('in sst dev, runs Vite in front of the live function, reached through the Router', async () => {
    const { components } = await evaluate('dev', true);
    const site = one(components, StaticSite);
    const fn = apiFunction(components);
    const web = JSON.parse(readFileSync(resolve(root, 'packages/web/package.json'), 'utf8'));
    expect(site.args.dev.command).toBe('npm run dev');
    expect(web.scripts.dev).toMatch(/\bvite\b/);
    // Through the Router, which adds the origin secret: the function's own URL answers 403.
    expect(site.args.environment).toEqual({ API_URL: one(components, Router).url });
    expect(site.args.environment.API_URL).not.toBe(fn.url);
    // vite.config.ts proxies /api and /trpc to API_URL.
    const vite = readFileSync(resolve(root, 'packages/web/vite.config.ts'), 'utf8');
    expect(vite).toContain('process.env.API_URL');
    expect(vite).toMatch(/'\/api'/);
    expect(vite).toMatch(/'\/trpc'/);
  });
});
