import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, plainDecimal } from '@event-admin/core/export/csv.rules';
import { counterWrites } from '@event-admin/core/counters/moves';
import { saleDayMoves, saleMoves, type SaleChange } from '@event-admin/core/counters/sale';
import { reportRange } from '@event-admin/core/report/index';
import { daysOf, previousRange } from '@event-admin/core/report/report.rules';
import { salesReportInput } from '@event-admin/core/report/report.schema';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Comma, Inc.')).toBe('"Comma, Inc."');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('Two\nlines')).toBe('"Two\nlines"');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell('=HYPERLINK("http://x.test","x")')).toBe('"\'=HYPERLINK(""http://x.test"",""x"")"');
  });

  it('writes cents as plain decimals', () => {
    expect([plainDecimal(1234), plainDecimal(5), plainDecimal(0), plainDecimal(-250), plainDecimal(100_000_000)]).toEqual([
      '12.34',
      '0.05',
      '0.00',
      '-2.50',
      '1000000.00',
    ]);
  });
});

describe('report ranges', () => {
  it('defaults to the last 30 days to today, and the previous period is as long, just before', () => {
    const now = new Date('2026-03-01T23:59:59Z');
    expect(reportRange({}, 'UTC', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    // today is the business's: in Kolkata it is March 2 already
    expect(reportRange({}, 'Asia/Kolkata', now)).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(previousRange('2026-02-01', '2026-02-28')).toEqual({ from: '2026-01-04', to: '2026-01-31' });
    expect(daysOf('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('refuses more than 366 days, a reversed range and days that do not exist', () => {
    expect(() => reportRange({ from: '2025-01-01', to: '2026-01-02' }, 'UTC')).toThrow('A report covers at most 366 days');
    expect(salesReportInput.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(salesReportInput.safeParse({ from: '2026-02-29' }).success).toBe(false);
    expect(salesReportInput.safeParse({ from: '2024-02-29' }).success).toBe(true);
  });
});

describe('day figures', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const keysOf = (moves: Parameters<typeof counterWrites>[0], at = now) =>
    counterWrites(moves, at).map((m) => m.Update!.Key as { pk: string; sk: string });

  it("moves the day's total and the event's day, on the zone's day of the instant, on the change's one shard", () => {
    const refund = [{ date: '2026-03-01T23:30:00-05:00', eventId: 'e1', add: { refundsCents: 250 } }];
    const moved = keysOf({ days: refund, gens: [{ gen: 0, zone: 'UTC' }] });
    expect(moved).toEqual([
      { pk: expect.stringMatching(/^DAY#2026-03-02#\d+$/), sk: 'TOTAL' },
      { pk: expect.stringMatching(/^DAY#2026-03-02#\d+$/), sk: 'EVENT#e1' },
    ]);
    expect(moved[0]!.pk).toBe(moved[1]!.pk);
    // in New York that instant is still March 1, a day over at noon UTC on March 2: its folded items
    expect(keysOf({ days: refund, gens: [{ gen: 0, zone: 'America/New_York' }] })).toEqual([
      { pk: 'DAY#2026-03-01', sk: 'TOTAL' },
      { pk: 'DAY#2026-03-01', sk: 'EVENT#e1' },
    ]);
  });

  it('moves a day that is over on its folded item (no shard), and nothing for zeros', () => {
    expect(keysOf({ days: [{ date: '2026-03-01', eventId: 'e1', add: { newCustomers: 1 } }], gens: [{ gen: 0, zone: 'UTC' }] })).toEqual([
      { pk: 'DAY#2026-03-01', sk: 'TOTAL' },
    ]);
    expect(counterWrites({ days: [{ date: '2026-03-01', add: { purchases: 0 } }], gens: [{ gen: 0, zone: 'UTC' }] }, now)).toEqual([]);
  });
});

describe('what a sale moves (counters/sale.ts)', () => {
  const utc = [{ gen: 0, zone: 'UTC' }];
  const sale = { eventId: 'e1', customerId: 'c1', amountCents: 1000, purchaseDate: '2026-03-01T10:00:00.000Z' };

  it('a recorded sale counts everywhere, on one shard; a pending one only as a transaction', () => {
    const { moves, customer } = saleMoves(sale, { kind: 'record', completed: true }, utc);
    expect(moves).toEqual({
      totals: { ticketSalesCents: 1000, transactionCount: 1, transactionAmountCents: 1000 },
      event: { id: 'e1', add: { completedPurchases: 1, salesCents: 1000, transactions: 1 } },
      days: [{ date: sale.purchaseDate, eventId: 'e1', add: { purchases: 1, revenueCents: 1000 } }],
      gens: utc,
    });
    expect(customer).toEqual({ transactions: 1, completed: 1 });
    const shards = new Set(
      counterWrites(moves, new Date(sale.purchaseDate)).map((m) =>
        String((m.Update!.Key as { pk: string }).pk)
          .split('#')
          .at(-1),
      ),
    );
    expect(shards.size).toBe(1);
    expect(saleMoves(sale, { kind: 'record', completed: false }, utc)).toEqual({
      moves: {
        totals: { transactionCount: 1, transactionAmountCents: 1000 },
        event: { id: 'e1', add: { transactions: 1 } },
        days: [],
        gens: utc,
      },
      customer: { transactions: 1, completed: 0 },
    });
  });

  it('completing counts the sale on its purchase day; failing moves nothing', () => {
    expect(saleMoves(sale, { kind: 'complete' }, utc).moves.days).toEqual([
      { date: sale.purchaseDate, eventId: 'e1', add: { purchases: 1, revenueCents: 1000 } },
    ]);
    expect(saleMoves(sale, { kind: 'fail' }, utc)).toEqual({ moves: {}, customer: { transactions: 0, completed: 0 } });
  });

  it('a refund counts on the day it is made; a full one ends the sale', () => {
    const part = saleMoves(sale, { kind: 'refund', amountCents: 250, at: '2026-03-05T08:00:00.000Z', ends: false }, utc);
    expect(part.moves).toEqual({
      totals: { ticketSalesCents: -250 },
      event: { id: 'e1', add: { completedPurchases: 0, salesCents: -250 } },
      days: [{ date: '2026-03-05T08:00:00.000Z', eventId: 'e1', add: { refundsCents: 250 } }],
      gens: utc,
    });
    expect(part.customer).toEqual({ transactions: 0, completed: 0 });
    const full = saleMoves(sale, { kind: 'refund', amountCents: 750, at: '2026-03-05T08:00:00.000Z', ends: true }, utc);
    expect(full.moves.event!.add).toEqual({ completedPurchases: -1, salesCents: -750 });
    expect(full.customer).toEqual({ transactions: 0, completed: -1 });
  });

  it("a rebuild counts a transaction's whole life at once: the sum of what each of its changes moved", () => {
    const refunds = [
      { amountCents: 250, createdAt: '2026-03-05T08:00:00.000Z' },
      { amountCents: 750, createdAt: '2026-03-09T23:00:00.000Z' },
    ];
    const lives: [string, SaleChange[], typeof refunds][] = [
      ['failed', [{ kind: 'record', completed: false }, { kind: 'fail' }], []],
      ['pending', [{ kind: 'record', completed: false }], []],
      ['completed', [{ kind: 'record', completed: false }, { kind: 'complete' }], []],
      [
        'refunded',
        [
          { kind: 'record', completed: true },
          { kind: 'refund', amountCents: 250, at: refunds[0]!.createdAt, ends: false },
          { kind: 'refund', amountCents: 750, at: refunds[1]!.createdAt, ends: true },
        ],
        refunds,
      ],
    ];
    for (const [status, changes, made] of lives) {
      const moved = changes.flatMap((change) => saleMoves(sale, change, utc).moves.days ?? []);
      expect(saleDayMoves({ ...sale, status, refunds: made })).toEqual(moved);
    }
  });
});
