// npm run dev: the local API (DynamoDB Local + Hono on API_PORT, default 3000) with Vite's dev
// server and hot reload in front on PORT (default 5173), proxying /api and /trpc to it.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/functions/src/local/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    // Vite serves the pages; the API process serves only /api and /trpc.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env, PORT: apiPort, WEB_DIST: join(root, '.no-web-build') },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', process.env.PORT ?? '5173'], {
    cwd: join(root, 'packages/web'),
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
