import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, plainDecimal } from '@event-admin/core/export/csv.rules';
import { dailyFigures } from '@event-admin/core/report/daily.repo';
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
    expect(reportRange({}, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(previousRange('2026-02-01', '2026-02-28')).toEqual({ from: '2026-01-04', to: '2026-01-31' });
    expect(daysOf('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('refuses more than 366 days, a reversed range and days that do not exist', () => {
    expect(() => reportRange({ from: '2025-01-01', to: '2026-01-02' })).toThrow('A report covers at most 366 days');
    expect(salesReportInput.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(salesReportInput.safeParse({ from: '2026-02-29' }).success).toBe(false);
    expect(salesReportInput.safeParse({ from: '2024-02-29' }).success).toBe(true);
  });
});

describe('dailyFigures', () => {
  it("moves the day's total and the event's day, on the UTC day of the instant", () => {
    const moves = dailyFigures({ date: '2026-03-01T23:30:00-05:00', eventId: 'e1', refundsCents: 250 });
    // each on one of the day's shards (db/shards.ts), chosen per move
    expect(moves.map((m) => m.Update!.Key)).toEqual([
      { pk: expect.stringMatching(/^DAY#2026-03-02#\d+$/), sk: 'TOTAL' },
      { pk: expect.stringMatching(/^DAY#2026-03-02#\d+$/), sk: 'EVENT#e1' },
    ]);
  });

  it('counts new customers on the total only, and moves nothing for zeros', () => {
    expect(dailyFigures({ date: '2026-03-01', eventId: 'e1', newCustomers: 1 }).map((m) => m.Update!.Key)).toEqual([
      { pk: expect.stringMatching(/^DAY#2026-03-01#\d+$/), sk: 'TOTAL' },
    ]);
    expect(dailyFigures({ date: '2026-03-01', purchases: 0 })).toEqual([]);
  });
});
