import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';

// Settings are one record per table: this file's tests run in order on their own table.
const { client } = await signedInForFile();

describe('GET/POST /api/app-settings', () => {
  it('defaults the service fee to 18 before anything is saved', async () => {
    expect(ok(await client.get('/api/app-settings'))).toEqual({ serviceFeePercentage: '18', timeZone: 'UTC', updatedAt: null, version: 0 });
  });

  it('a save carrying the version 0 it read is refused once someone else saved first', async () => {
    // (runs before the first save below: version 0 means "never saved")
    const first = ok(await client.post('/api/app-settings', { serviceFeePercentage: '18', version: 0 }));
    expect(first.version).toBe(1);
    expectError(await client.post('/api/app-settings', { serviceFeePercentage: '30', version: 0 }), 409, 'changed by someone else');
    expect(ok(await client.get('/api/app-settings')).serviceFeePercentage).toBe('18');
  });

  it('saves {serviceFeePercentage: string} and reads it back as JSON', async () => {
    const saved = ok(await client.post('/api/app-settings', { serviceFeePercentage: '20' }));
    expect(saved).toMatchObject({ serviceFeePercentage: '20' });
    expect(typeof saved.updatedAt).toBe('string');
    expect(ok(await client.get('/api/app-settings'))).toEqual(saved);
  });

  it('has no numeric or range check (SPEC §5)', async () => {
    for (const value of ['abc', '-5', '250', '12.5']) {
      expect(ok(await client.post('/api/app-settings', { serviceFeePercentage: value })).serviceFeePercentage).toBe(value);
    }
  });

  it('refuses an empty value with SPEC words, and changes nothing', async () => {
    const before = ok(await client.post('/api/app-settings', { serviceFeePercentage: '21' }));
    expectError(await client.post('/api/app-settings', { serviceFeePercentage: '' }), 400, 'Service fee percentage is required');
    expectError(await client.post('/api/app-settings', { serviceFeePercentage: '   ' }), 400, 'Service fee percentage is required');
    expectError(await client.post('/api/app-settings', {}), 400, 'Service fee percentage is required');
    expectError(await client.post('/api/app-settings', { serviceFeePercentage: 18 }), 400, 'Service fee percentage must be text');
    expect(ok(await client.get('/api/app-settings'))).toEqual(before);
  });

  it('refuses a stale version with 409 and keeps the newer value', async () => {
    const current = ok(await client.get('/api/app-settings'));
    const next = ok(await client.post('/api/app-settings', { serviceFeePercentage: '22', version: current.version }));
    expect(next.version).toBe(current.version + 1);
    expectError(
      await client.post('/api/app-settings', { serviceFeePercentage: '23', version: current.version }),
      409,
      'changed by someone else',
    );
    expect(ok(await client.get('/api/app-settings'))).toEqual(next);
  });

  it('refuses a version of the wrong type', async () => {
    expectError(await client.post('/api/app-settings', { serviceFeePercentage: '5', version: 'one' }), 400, 'version must be a number');
  });
});

describe('the business time zone (issue 32)', () => {
  /** The newest history record of the app settings. */
  const latestRecord = async () => ok(await client.get('/api/audit?entity=settings&id=app&limit=1')).items[0];

  it("is set with the service fee, read back, and kept by a POST that sends only the fee (SPEC's body)", async () => {
    const saved = ok(await client.post('/api/app-settings', { serviceFeePercentage: '19', timeZone: 'America/New_York' }));
    expect(saved).toMatchObject({ serviceFeePercentage: '19', timeZone: 'America/New_York' });
    expect(ok(await client.get('/api/app-settings'))).toEqual(saved);

    const feeOnly = ok(await client.post('/api/app-settings', { serviceFeePercentage: '20' }));
    expect(feeOnly).toMatchObject({ serviceFeePercentage: '20', timeZone: 'America/New_York', version: saved.version + 1 });
    expect(ok(await client.get('/api/app-settings')).timeZone).toBe('America/New_York');
  });

  it('is in the history like every setting, with before and after', async () => {
    ok(await client.post('/api/app-settings', { serviceFeePercentage: '20', timeZone: 'Asia/Kolkata' }));
    expect(await latestRecord()).toMatchObject({
      entity: 'settings',
      entityId: 'app',
      actor: 'admin',
      changes: [{ field: 'timeZone', from: 'America/New_York', to: 'Asia/Kolkata' }],
    });
  });

  it('refuses an unknown zone with 400 Unknown time zone and changes nothing', async () => {
    const before = ok(await client.get('/api/app-settings'));
    for (const timeZone of ['Mars/Olympus_Mons', '', '+05:00', 'America/New York', 'x'.repeat(500)]) {
      const result = await client.post('/api/app-settings', { serviceFeePercentage: '99', timeZone });
      expectError(result, 400, 'Unknown time zone');
    }
    expectError(await client.post('/api/app-settings', { serviceFeePercentage: '99', timeZone: 5 }), 400, 'Time zone must be text');
    expect(ok(await client.get('/api/app-settings'))).toEqual(before);
  });

  it("puts a name's case right, keeps a link (alias) as given, and answers on tRPC the same", async () => {
    expect(ok(await client.post('/api/app-settings', { serviceFeePercentage: '20', timeZone: 'europe/berlin' })).timeZone).toBe(
      'Europe/Berlin',
    );
    expect(ok(await client.post('/api/app-settings', { serviceFeePercentage: '20', timeZone: 'US/Eastern' })).timeZone).toBe('US/Eastern');
    expect(ok(await client.get('/trpc/settings.get')).result.data.timeZone).toBe('US/Eastern');
    ok(await client.post('/api/app-settings', { serviceFeePercentage: '20', timeZone: 'UTC' }));
  });
});
