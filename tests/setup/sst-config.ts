// SST's globals as stand-ins that record what sst.config.ts (and infra/) declares, for
// tests/unit/sst-config.test.ts: the config is bundled as SST bundles it and run offline.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** A stand-in for an SST component: records its name and arguments. */
export class Component {
  static created: Component[] = [];
  constructor(
    readonly componentName: string,
    readonly args: any,
    readonly options?: any,
  ) {
    Component.created.push(this);
  }
}
/** A stand-in for a Pulumi output: a value known at deploy time, transformed with apply(). */
export class Output<T> {
  constructor(readonly value: T) {}
  apply<U>(fn: (value: T) => U) {
    return new Output(fn(this.value));
  }
}
export class RandomPassword extends Component {
  result = new Output('StandInOriginSecret0123456789abcdefABCDEF01234567');
}
export class Linkable extends Component {}
export class Dynamo extends Component {
  name = 'event-admin-stage-TableTable';
  subscriptions: { name: string; subscriber: unknown; args: any }[] = [];
  subscribe(name: string, subscriber: unknown, args?: unknown) {
    this.subscriptions.push({ name, subscriber, args });
  }
}
export class Secret extends Component {
  value = 'stand-in';
}
export class Function extends Component {
  url = 'https://stand-in.lambda-url.us-east-1.on.aws/';
  get arn() {
    return `arn:aws:lambda:us-east-1:000000000000:function:${this.componentName}`;
  }
  get name() {
    return `event-admin-stage-${this.componentName}Function`;
  }
}
/** Pulumi's aws.lambda.Invocation: invokes a function once when it is created (or its triggers change). */
export class Invocation extends Component {}
export class Cron extends Component {}
export class Router extends Component {
  url = 'https://d111111abcdef8.cloudfront.net';
  routes: { pattern: string; url: unknown; args: unknown }[] = [];
  route(pattern: string, url: unknown, args?: unknown) {
    // The route args take no edge functions in SST v3+: those are the Router's own (args.edge).
    this.routes.push({ pattern, url, args });
  }
}
export class StaticSite extends Component {
  url = 'https://d111111abcdef8.cloudfront.net';
}

export interface Evaluated {
  app: { name: string; home: string; removal: string; protect: boolean };
  outputs: Record<string, unknown>;
  components: Component[];
}

let dir: string;
let bundled: string;
let runs = 0;

/** Runs the config for one stage, as `sst deploy --stage <stage>` (or `sst dev` with dev) would. */
async function evaluate(stage: string, dev = false): Promise<Evaluated> {
  Component.created = [];
  Object.assign(globalThis, {
    $config: (config: unknown) => config,
    $dev: dev,
    sst: { Secret, Linkable, aws: { Dynamo, Function, Cron, Router, StaticSite } },
    random: { RandomPassword },
    aws: { lambda: { Invocation } },
  });
  // A fresh file per run: a module (and infra/'s components in it) is evaluated once per URL.
  const file = join(dir, `sst.config.${++runs}.mjs`);
  writeFileSync(file, bundled);
  const config = (await import(pathToFileURL(file).href)).default;
  const app = config.app({ stage });
  // SST hands infra/ what app() chose for the stage.
  Object.assign(globalThis, { $app: { name: app.name, stage, removal: app.removal, protect: app.protect } });
  const outputs = await config.run();
  return { app, outputs, components: Component.created };
}

export const one = <T extends Component>(components: Component[], type: new (...args: any[]) => T): T => {
  const found = components.filter((c): c is T => c instanceof type);
  expect(found, type.name).toHaveLength(1);
  return found[0]!;
};

/** The one component of a type with this name (there are two functions: Api and Jobs). */
export const named = <T extends Component>(components: Component[], type: new (...args: any[]) => T, name: string): T => {
  const found = components.filter((c): c is T => c instanceof type && c.componentName === name);
  expect(found, `${type.name} ${name}`).toHaveLength(1);
  return found[0]!;
};
export const apiFunction = (components: Component[]) => named(components, Function, 'Api');

/**
 * What SST v4's Dynamo passes on to the aws.dynamodb.Table it creates, as far as we set it
 * (.sst/platform/src/components/aws/dynamo.ts): `deletionProtection` as `deletionProtectionEnabled`,
 * then `transform.table` spread over its own arguments. SST's own defaults are left out on purpose.
 */
export const pulumiTableArgs = (table: Dynamo) => ({
  deletionProtectionEnabled: table.args.deletionProtection,
  ...table.args.transform?.table,
});

/**
 * Bundles sst.config.ts before the file's first test (removed after its last) and answers
 * `evaluate`, which runs it for one stage.
 */
export function sstConfigForFile() {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sst-config-'));
    // SST bundles sst.config.ts with esbuild before running it; so do we, imports of infra/ and core included.
    const result = await build({
      entryPoints: [resolve(root, 'sst.config.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
    });
    bundled = result.outputFiles[0]!.text;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return evaluate;
}
