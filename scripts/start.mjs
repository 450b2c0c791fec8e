// npm start: build the web app when it is missing or older than its sources, then run the
// local server (DynamoDB Local, supervised, + API + web app). Signals reach the whole process group.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const web = join(root, 'packages/web');
const built = join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(web, 'src'), join(web, 'index.html'), join(web, 'vite.config.ts'), join(root, 'packages/core/src')];
const stale =
  !existsSync(built) ||
  sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs);
// WEB_DIST points at a build made elsewhere (the e2e suite builds its own).
if (stale && !process.env.WEB_DIST) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@event-admin/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/functions/src/local/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env },
});
// Exit 0 only when asked to stop; the server says why whenever it stops on its own.
let stopAsked = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAsked = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  if (!stopAsked) console.error(`The server process was killed (${signal}).`);
  process.exit(stopAsked ? 0 : 1);
});
