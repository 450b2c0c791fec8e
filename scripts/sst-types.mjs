// Puts SST's platform types in .sst/platform, so `tsc -p infra/tsconfig.json` checks sst.config.ts
// and infra/ against the SST that package-lock.json pins (npm run typecheck). `sst install`
// unpacks them from the sst CLI package and installs their dependencies with npm: no network
// beyond the npm registry, no AWS account. Skipped when the types match the installed sst.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const platform = resolve(root, '.sst/platform');
const wanted = JSON.parse(readFileSync(resolve(root, 'node_modules/sst/package.json'), 'utf8')).version;
const installed = existsSync(resolve(platform, 'version')) ? readFileSync(resolve(platform, 'version'), 'utf8').trim() : undefined;

if (installed !== wanted || !existsSync(resolve(platform, 'config.d.ts'))) {
  console.log(`Installing SST ${wanted}'s platform types into .sst/platform (about 30 s, once)...`);
  execFileSync(resolve(root, 'node_modules/.bin/sst'), ['install', '--stage', 'typecheck'], {
    cwd: root,
    stdio: 'inherit',
    // npm instead of a downloaded bun; no Pulumi binary (types only); nothing sent home.
    env: { ...process.env, SST_NO_BUN: 'true', SST_SKIP_DEPENDENCY_CHECK: 'true', SST_TELEMETRY_DISABLED: '1' },
  });
}
