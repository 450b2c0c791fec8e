// Before each browser test file: its server (one per worker, server.global.ts) answers its
// health check. Only the first is waited for before any file starts; the others may still be
// loading their demo data when their first file comes. All have until the same moment.
import { inject } from 'vitest';
import { baseUrl } from './browser.ts';

for (;;) {
  const healthy = await fetch(`${baseUrl()}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (healthy) break;
  if (Date.now() > inject('serversReadyBy')) throw new Error(`the e2e server at ${baseUrl()} did not become healthy in time`);
  await new Promise((r) => setTimeout(r, 500));
}
