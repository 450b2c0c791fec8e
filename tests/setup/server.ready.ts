// Before each browser test file: its server (one per worker, server.global.ts) answers its
// health check. Only the first is waited for before any file starts; the others may still be
// loading their demo data when their first file comes. All have until the same moment, and a
// file that comes after it still has a minute: one slow answer on a busy machine late in the run
// (or a server a fault test is restarting) is not a server that never came up.
import { inject } from 'vitest';
import { baseUrl } from './browser.ts';

const readyBy = Math.max(inject('serversReadyBy'), Date.now() + 60_000);
for (;;) {
  const healthy = await fetch(`${baseUrl()}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (healthy) break;
  if (Date.now() > readyBy) throw new Error(`the e2e server at ${baseUrl()} did not become healthy in time`);
  await new Promise((r) => setTimeout(r, 500));
}
