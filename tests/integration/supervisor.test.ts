// npm start as a user runs it (scripts/start.mjs, on a temporary DATA_DIR and a free port of
// 127.0.0.1): when DynamoDB Local is killed the server stays up answering 503, restarts it and
// serves every confirmed write again within 30 s; one alive but silent is killed and restarted;
// SIGTERM finishes the request in flight, stops DynamoDB Local and exits 0; a server that cannot
// go on exits non-zero and says why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@event-admin/functions/local/dynamo-local';
import { Client, eventBody } from '../setup/api.ts';
import { fetchWithin, healthy, killGroup, started, startNpm, waitFor, type Started } from '../setup/npm-start.ts';
import { ok } from './helpers.ts';

const password = 'supervisor-secret';

const dataDirs: string[] = [];

/** npm start with a short silence limit, so the hung-store test stays short (30 s by default). */
const start = (port: number, dataDir: string) => startNpm(port, dataDir, password, { DYNAMODB_UNRESPONSIVE_MS: '6000' });

const javaPids = (output: string) => [...output.matchAll(/DynamoDB Local (?:started|is back) \(pid (\d+)\)/g)].map((m) => Number(m[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let run: Started;
let client: Client;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'event-admin-supervisor-'));
  dataDirs.push(dataDir);
  run = start(await freePort(), dataDir);
  await healthy(run);
  client = await new Client(run.base).login(password);
}, 120_000);

afterAll(async () => {
  for (const { child } of started) {
    for (const pid of javaPids(started.map((s) => s.output()).join('\n'))) if (alive(pid)) process.kill(pid, 'SIGCONT');
    killGroup({ child } as Started);
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm start supervises DynamoDB Local', () => {
  /** How many events the first test left (the SIGTERM test's in-flight read counts them). */
  let eventCount = 0;
  it('stays up answering 503 when it is killed mid-write, restarts it, and serves every confirmed write again within 30 s', async () => {
    // A client creates events without pause, before, during and after the kill: every one
    // answered 201 must be there afterwards (an answer other than 201 promised nothing). One
    // writer, not several: another request close behind also makes DynamoDB Local store the
    // previous write, which would hide a loss.
    const created: string[] = [];
    const writeStatuses = new Set<number>();
    let writing = true;
    // Killed the instant a write is confirmed: the moment DynamoDB Local is weakest (see
    // packages/core/src/db/local-durability.ts).
    let killAfterNextWrite: (() => void) | undefined;
    const writer = (async () => {
      while (writing) {
        const response = await client.post('/api/events', eventBody()).catch(() => undefined);
        if (response) writeStatuses.add(response.status);
        if (response?.status === 201) {
          created.push((response.body as { id: string }).id);
          killAfterNextWrite?.();
          killAfterNextWrite = undefined;
        } else await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await waitFor('a few confirmed writes', 20_000, async () => (created.length >= 6 ? true : undefined), run);
    const [java] = javaPids(run.output());
    expect(java).toBeGreaterThan(0);
    await new Promise<void>((resolve) => {
      killAfterNextWrite = () => {
        process.kill(java!, 'SIGKILL');
        resolve();
      };
    });
    const killedAt = Date.now();
    const confirmedBeforeKill = created.length;
    const statuses = new Set<number>();
    await waitFor(
      'the store back',
      30_000,
      async () => {
        const started = Date.now();
        const response = await fetchWithin(`${run.base}/api/events?limit=1`, 6000, { headers: { Cookie: client.cookie } });
        expect(Date.now() - started).toBeLessThan(5000);
        statuses.add(response.status);
        return response.status === 200 ? true : undefined;
      },
      run,
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    // Let the writer confirm a few more after the restart, then stop it.
    await waitFor('writes after the restart', 20_000, async () => (created.length >= confirmedBeforeKill + 3 ? true : undefined), run);
    writing = false;
    await writer;

    expect(statuses.has(503)).toBe(true);
    expect([...statuses].every((s) => s === 200 || s === 503)).toBe(true);
    expect([...writeStatuses].every((s) => s === 201 || s === 503)).toBe(true);
    const back = ok(await client.get('/api/events')) as { id: string }[];
    expect(back.map((e) => e.id)).toEqual(expect.arrayContaining(created));
    expect(ok(await client.get('/api/dashboard/stats')).totalEvents).toBe(back.length);
    eventCount = back.length;
    expect(run.child.exitCode).toBeNull();
    expect(run.output()).toContain('DynamoDB Local stopped unexpectedly (killed by SIGKILL)');
    expect(javaPids(run.output())).toHaveLength(2);
  }, 90_000);

  it('kills and restarts a DynamoDB Local that is alive but silent (paused; a SIGTERM waits while paused)', async () => {
    const java = javaPids(run.output()).at(-1)!;
    process.kill(java, 'SIGSTOP');
    process.kill(java, 'SIGTERM'); // pending until resumed, which never comes
    const pausedAt = Date.now();
    await waitFor('a restart', 40_000, async () => (javaPids(run.output()).length === 3 ? true : undefined), run);
    expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(6000);
    expect(run.output()).toContain('DynamoDB Local has not answered for 6 s: killing it to start it again.');
    expect(alive(java)).toBe(false);
    const events = await waitFor(
      'the events',
      20_000,
      async () => {
        const response = await fetchWithin(`${run.base}/api/events`, 6000, { headers: { Cookie: client.cookie } });
        return response.status === 200 ? ((await response.json()) as unknown[]) : undefined;
      },
      run,
    );
    expect(events).toHaveLength(eventCount);
    expect(run.child.exitCode).toBeNull();
  }, 70_000);

  it('on SIGTERM finishes the request in flight, refuses new ones, stops DynamoDB Local and exits 0', async () => {
    const java = javaPids(run.output()).at(-1)!;
    // A slow request: the store is paused, so the call waits on it.
    process.kill(java, 'SIGSTOP');
    const inFlight = fetchWithin(`${run.base}/api/dashboard/stats`, 15_000, { headers: { Cookie: client.cookie } });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(run.child.pid!, 'SIGTERM');
    await waitFor('the stop message', 5000, async () => (run.output().includes('Stopping: no new requests') ? true : undefined), run);
    await expect(fetchWithin(`${run.base}/api/health`, 3000)).rejects.toThrow();
    process.kill(java, 'SIGCONT');

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect((await answer.json()).totalEvents).toBe(eventCount);
    const code = await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('still running'), 15_000))]);
    expect(code, run.output()).toBe(0);
    expect(alive(java)).toBe(false);
  }, 40_000);

  it('exits non-zero and says why when it cannot go on (its port is taken)', async () => {
    const blocker = await import('node:net').then(({ createServer }) => createServer());
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', () => resolve()));
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'event-admin-supervisor-'));
      dataDirs.push(dataDir);
      const second = start(port, dataDir);
      const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
      expect(code, second.output()).toBe(1);
      expect(second.output()).toContain(`Could not listen on 127.0.0.1:${port}`);
      for (const pid of javaPids(second.output())) expect(alive(pid)).toBe(false);
    } finally {
      blocker.close();
    }
  }, 70_000);
});
