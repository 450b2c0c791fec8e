import { describe, expect, it } from 'vitest';
import { Client, signedInForFile } from '../setup/api.ts';
import { parseCsv } from './csv.helpers.ts';
import { cents, createCustomer, createEvent, createTransaction, expectError, followLinks, inBatches, ok } from './helpers.ts';

const { api, client } = await signedInForFile();

const hostile = ['=HYPERLINK("http://x.test","click")', 'Comma, Inc.', 'Say "hi"', 'Two\nlines', '+1 plus', '@at', '-minus'];
/** What a spreadsheet-safe cell holds for a text: formulas defused with a leading '. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const decimal = (amount: string) => (cents(amount) / 100).toFixed(2);
/** Date and Local Date of an instant while the business zone is UTC (the default): to the second, with +00:00, and its day. */
const inUtc = (iso: string) => [`${iso.slice(0, 19)}+00:00`, iso.slice(0, 10)];

describe('exports', () => {
  let events: any[];
  let customers: any[];

  it('writes every transaction newest first, hostile names quoted and defused, amounts as plain decimals', async () => {
    events = await inBatches(hostile, 4, (title) => createEvent(client, { title: `${title} event` }));
    customers = await inBatches(hostile, 4, (name, i) => createCustomer(client, { name, email: `hostile${i}-${Date.now()}@example.com` }));
    const statuses = ['completed', 'pending', 'failed'] as const;
    await inBatches(hostile, 4, (_, i) =>
      createTransaction(client, events[i]!.id, customers[(i + 1) % hostile.length]!.id, `${i + 1}.${i}5`, statuses[i % 3], {
        purchaseDate: `2026-03-0${i + 1}T10:00:00.000Z`,
      }),
    );

    const result = await client.get('/api/exports/transactions.csv');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(result.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-[\d-]+\.csv"$/);
    const [header, ...rows] = parseCsv(result.text);
    expect(header).toEqual(['ID', 'Date', 'Local Date', 'Event', 'Customer', 'Amount', 'Refunded', 'Status', 'Payment Method']);

    const all: any[] = ok(await client.get('/api/transactions'));
    const eventTitle = new Map(events.map((e) => [e.id, e.title]));
    const customerName = new Map(customers.map((c) => [c.id, c.name]));
    expect(rows).toEqual(
      all.map((t) => [
        t.id,
        ...inUtc(t.purchaseDate),
        safe(eventTitle.get(t.eventId)),
        safe(customerName.get(t.customerId)),
        decimal(t.amount),
        '0.00',
        t.status,
        t.paymentMethod,
      ]),
    );
    expect(rows.map((r) => r[1])).toEqual([...rows.map((r) => r[1]!)].sort().reverse());
    expect(rows.some((r) => r[4] === '\'=HYPERLINK("http://x.test","click")')).toBe(true);
  });

  it('filters by days, status and event', async () => {
    const get = async (query: string) => parseCsv((await client.get(`/api/exports/transactions.csv?${query}`)).text).slice(1);
    expect((await get('from=2026-03-02&to=2026-03-04')).map((r) => r[1])).toEqual([
      '2026-03-04T10:00:00+00:00',
      '2026-03-03T10:00:00+00:00',
      '2026-03-02T10:00:00+00:00',
    ]);
    expect((await get('status=pending')).map((r) => r[7])).toEqual(['pending', 'pending']);
    expect((await get('from=2026-03-05')).length).toBe(3);
    expect((await get('to=2026-03-01')).length).toBe(1);
    const one = await get(`eventId=${events[2]!.id}&from=2026-03-01&to=2026-03-31`);
    expect(one.map((r) => r[3])).toEqual(['Say "hi" event']);
    expectError(await client.get('/api/exports/transactions.csv?status=lost'), 400, 'Status must be one of');
    expectError(await client.get('/api/exports/transactions.csv?from=2026-13-01'), 400);
    expectError(
      await client.get('/api/exports/transactions.csv?from=2026-03-05&to=2026-03-01'),
      400,
      'The start date must not be after the end date',
    );
  });

  it('writes the customers with their purchase count and net spent', async () => {
    const result = await client.get('/api/exports/customers.csv');
    expect(result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(result.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-[\d-]+\.csv"$/);
    const [header, ...rows] = parseCsv(result.text);
    expect(header).toEqual(['ID', 'Name', 'Email', 'Phone', 'Created', 'Local Date', 'Purchases', 'Net Spent']);
    const list: any[] = ok(await client.get('/api/customers'));
    const all: any[] = ok(await client.get('/api/transactions'));
    expect(rows).toEqual(
      list.map((c) => {
        const theirs = all.filter((t) => t.customerId === c.id);
        const net = theirs.filter((t) => t.status === 'completed').reduce((sum, t) => sum + cents(t.amount), 0);
        return [c.id, safe(c.name), c.email, c.phone, ...inUtc(c.createdAt), String(theirs.length), (net / 100).toFixed(2)];
      }),
    );
  });

  it('needs a session', async () => {
    expectError(await new Client(api.base).get('/api/exports/transactions.csv'), 401);
    expectError(await new Client(api.base).get('/api/exports/customers.csv'), 401);
    expectError(await new Client(api.base).get('/api/transactions'), 401);
  });
});

describe('whole lists by Link', () => {
  const follow = (path: string, limit: number) => followLinks(client, path, limit);

  it('pages through /api/transactions and /api/customers to the end, equal to the unpaged list', async () => {
    for (const path of ['/api/transactions', '/api/customers']) {
      const whole = ok(await client.get(path));
      expect(whole.length).toBe(hostile.length);
      for (const limit of [1, 3, 1000]) expect(await follow(path, limit)).toEqual(whole);
    }
  });

  it('refuses a limit outside 1 to 1000 and a forged cursor', async () => {
    for (const limit of ['0', '1001', 'x', '1.5', '']) {
      expectError(await client.get(`/api/transactions?limit=${limit}`), 400, 'Limit must be a whole number between 1 and 1000');
    }
    expectError(await client.get('/api/customers?limit=2&cursor=bm90LWEta2V5'), 400, 'The page cursor is not valid');
  });
});
