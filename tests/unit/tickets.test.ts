import { describe, expect, it } from 'vitest';
import { limitDeltas, shardsFor, spread, unlimitedFree, type ShardState } from '@event-admin/core/capacity/pool';
import { feeFraction, orderTotals, priceLines, serviceFeeCents, typeOnSale } from '@event-admin/core/order/order.rules';
import * as Code from '@event-admin/core/order/ticket-code';
import { DomainError } from '@event-admin/core/error';
import { hashTicketCode, normalizeTicketCode } from '@event-admin/core/ticket/code';
import { createHash } from 'node:crypto';

describe('ticket codes', () => {
  it('are 20 characters of an alphabet without 0, O, 1 or I: 100 random bits', () => {
    expect(Code.codeAlphabet).toHaveLength(32);
    for (const confusable of '01OI') expect(Code.codeAlphabet).not.toContain(confusable);
    expect(Math.log2(Code.codeAlphabet.length) * Code.codeLength).toBeGreaterThanOrEqual(96);
    const prefix = Code.newCodePrefix();
    const codes = Array.from({ length: 2000 }, () => Code.newTicketCode(prefix));
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{20}$/);
      expect(Code.codePrefix(code)).toBe(prefix);
    }
    // every character turns up, each about as often (5 bits each, no bias)
    const counts = new Map<string, number>();
    for (const code of codes) for (const char of code.slice(8)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(32);
    for (const count of counts.values()) expect(count).toBeGreaterThan(500); // 24,000 / 32 = 750 expected
  });

  it('are read whatever the case, with spaces and dashes ignored; anything else is not a code', () => {
    const code = Code.newTicketCode(Code.newCodePrefix());
    const shown = Code.formatTicketCode(code);
    expect(shown).toMatch(/^(\w{4}-){4}\w{4}$/);
    expect(Code.parseTicketCode(shown)).toBe(code);
    expect(Code.parseTicketCode(` ${shown.toLowerCase().replace(/-/g, ' - ')} `)).toBe(code);
    expect(Code.parseTicketCode(code.slice(0, 19))).toBeNull();
    expect(Code.parseTicketCode(`${code}A`)).toBeNull();
    expect(Code.parseTicketCode(`0${code.slice(1)}`)).toBeNull();
    expect(Code.parseTicketCode(`I${code.slice(1)}`)).toBeNull();
    expect(Code.parseTicketCode(`${code.slice(0, 10)}_${code.slice(11)}`)).toBeNull();
  });

  it('hash for the offline list as node:crypto does, over the normalized code', async () => {
    const code = Code.newTicketCode(Code.newCodePrefix());
    const typed = Code.formatTicketCode(code).toLowerCase().replace(/-/g, ' - ');
    expect(normalizeTicketCode(typed)).toBe(code);
    expect(await hashTicketCode(typed)).toBe(createHash('sha256').update(code).digest('hex'));
  });
});

describe('the service fee', () => {
  it('is the subtotal times the percentage, rounded half up to the cent, in integers', () => {
    expect(serviceFeeCents(10_000, '18')).toBe(1800);
    expect(serviceFeeCents(2_50, '18')).toBe(45);
    expect(serviceFeeCents(2_75, '18')).toBe(50); // 49.5 -> 50
    expect(serviceFeeCents(25, '18')).toBe(5); // 4.5 -> 5
    expect(serviceFeeCents(2_99, '18')).toBe(54); // 53.82 -> 54
    expect(serviceFeeCents(1_00, '12.5')).toBe(13); // 12.5 -> 13
    expect(serviceFeeCents(1, '50')).toBe(1); // 0.5 -> 1
    expect(serviceFeeCents(1, '49.999999')).toBe(0);
    expect(serviceFeeCents(3, '0.01')).toBe(0);
    expect(serviceFeeCents(0, '18')).toBe(0);
    // no float error: 1.005 x 100 is 100.49999... in floating point
    expect(serviceFeeCents(100_500, '1')).toBe(1005);
    expect(serviceFeeCents(50, '1')).toBe(1); // 0.5 -> 1
    // large sums stay exact
    expect(serviceFeeCents(99_999_999_999, '17.5')).toBe(17_500_000_000);
  });

  it('reads the percentage as a plain decimal from 0 to 100; anything else counts as not set (18)', () => {
    expect(feeFraction(' 7.25 % ')).toEqual({ numerator: 725n, denominator: 10_000n });
    expect(serviceFeeCents(1000, '0')).toBe(0);
    expect(serviceFeeCents(1000, '100')).toBe(1000);
    for (const unreadable of ['abc', '', '-5', '101', '1e2', '18.', '.5', '1,5', undefined, null]) {
      expect(serviceFeeCents(1000, unreadable), String(unreadable)).toBe(180);
    }
  });

  it("adds up an order's lines, fee and amount", () => {
    const lines = [
      { ticketTypeId: 'a', name: 'A', quantity: 3, unitPriceCents: 2500, totalCents: 7500 },
      { ticketTypeId: 'b', name: 'B', quantity: 1, unitPriceCents: 1999, totalCents: 1999 },
    ];
    expect(orderTotals(lines, '18')).toEqual({ subtotalCents: 9499, serviceFeeCents: 1710, amountCents: 11209 }); // 1709.82
  });
});

describe("an order's lines", () => {
  const now = new Date('2031-03-01T12:00:00Z');
  const event = { status: 'active' };
  const type = (id: string, fields: Record<string, unknown> = {}) => ({
    id,
    name: `Type ${id}`,
    priceCents: 1000,
    salesStart: null,
    salesEnd: null,
    minPerOrder: 1,
    maxPerOrder: 10,
    ...fields,
  });
  const refused = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return [(error as DomainError).kind, (error as DomainError).message];
    }
    throw new Error('not refused');
  };

  it('are priced, one line per type, zero lines left out', () => {
    const lines = [
      { ticketTypeId: 'a', quantity: 2 },
      { ticketTypeId: 'b', quantity: 0 },
      { ticketTypeId: 'a', quantity: 1 },
    ];
    expect(priceLines(event, [type('a'), type('b')], lines, now)).toEqual([
      { ticketTypeId: 'a', name: 'Type a', quantity: 3, unitPriceCents: 1000, totalCents: 3000 },
    ]);
  });

  it("are refused with the issue's messages, what was asked first", () => {
    const types = [type('a', { minPerOrder: 2, maxPerOrder: 4 }), type('b', { salesEnd: '2031-03-01T12:00:00Z' })];
    expect(refused(() => priceLines(event, types, [], now))).toEqual(['invalid', 'An order needs at least one ticket']);
    expect(refused(() => priceLines(event, types, [{ ticketTypeId: 'a', quantity: 0 }], now))).toEqual([
      'invalid',
      'An order needs at least one ticket',
    ]);
    expect(refused(() => priceLines(event, types, [{ ticketTypeId: 'x', quantity: 1 }], now))).toEqual(['invalid', 'Unknown ticket type']);
    expect(refused(() => priceLines(event, types, [{ ticketTypeId: 'a', quantity: 5 }], now))).toEqual([
      'invalid',
      'Type a: from 2 to 4 tickets per order',
    ]);
    expect(refused(() => priceLines(event, types, [{ ticketTypeId: 'a', quantity: 1 }], now))).toEqual([
      'invalid',
      'Type a: from 2 to 4 tickets per order',
    ]);
    expect(refused(() => priceLines({ status: 'draft' }, types, [{ ticketTypeId: 'a', quantity: 2 }], now))).toEqual([
      'conflict',
      'This event is not on sale',
    ]);
    expect(
      refused(() => priceLines({ status: 'active', archivedAt: '2031-01-01' }, types, [{ ticketTypeId: 'a', quantity: 2 }], now)),
    ).toEqual(['conflict', 'This event is not on sale']);
    expect(refused(() => priceLines(event, types, [{ ticketTypeId: 'b', quantity: 1 }], now))).toEqual([
      'conflict',
      'Type b is not on sale',
    ]);
  });

  it('sell from the sales start, included, to the sales end, excluded', () => {
    const window = { salesStart: '2031-03-01T12:00:00Z', salesEnd: '2031-03-02T12:00:00Z' };
    expect(typeOnSale(window, new Date('2031-03-01T11:59:59.999Z'))).toBe(false);
    expect(typeOnSale(window, new Date('2031-03-01T12:00:00Z'))).toBe(true);
    expect(typeOnSale(window, new Date('2031-03-02T11:59:59.999Z'))).toBe(true);
    expect(typeOnSale(window, new Date('2031-03-02T12:00:00Z'))).toBe(false);
    expect(typeOnSale({ salesStart: null, salesEnd: null }, now)).toBe(true);
  });
});

describe('pools', () => {
  const shard = (i: number, free: number, sold = 0, held = 0): ShardState => ({
    shard: i,
    exists: true,
    free,
    sold,
    held,
    taken: sold + held,
    ops: 1,
    moved: 0,
    up: 0,
    lv: 1,
  });
  const allowance = (shards: ShardState[], deltas: number[]) =>
    shards.reduce((sum, s, i) => sum + s.free + deltas[i]! + s.sold + s.held, 0);

  it('get a shard per 50 tickets, the counter shard count when unlimited, and never fewer than they have', () => {
    expect([1, 50, 51, 400, 100_000].map((limit) => shardsFor(limit))).toEqual([1, 1, 2, 8, 16]);
    expect(shardsFor(null)).toBe(16);
    expect(shardsFor(10, 16)).toBe(16);
    expect(spread(10, 4)).toEqual([3, 3, 2, 2]);
  });

  it('move each shard so free + sold + held add up to the new limit, no shard below 0 free', () => {
    const shards = [shard(0, 5, 10), shard(1, 0, 3, 2), shard(2, 20)];
    const raised = limitDeltas(shards, 60, false);
    expect(allowance(shards, raised)).toBe(60);
    expect(raised.every((d) => d >= 0)).toBe(true);
    const lowered = limitDeltas(shards, 20, false);
    expect(allowance(shards, lowered)).toBe(20);
    expect(lowered).toEqual([0, 0, -20]); // the richest shard gives first
    shards.forEach((s, i) => expect(s.free + lowered[i]!).toBeGreaterThanOrEqual(0));
    const unlimited = [shard(0, unlimitedFree - 7, 7), shard(1, unlimitedFree)];
    const limited = limitDeltas(unlimited, 9, true);
    expect(allowance(unlimited, limited)).toBe(9);
    expect(unlimited.map((s, i) => s.free + limited[i]!)).toEqual([1, 1]);
    expect(limitDeltas(shards, null, false).map((d, i) => shards[i]!.free + d + shards[i]!.sold + shards[i]!.held)).toEqual([
      unlimitedFree,
      unlimitedFree,
      unlimitedFree,
    ]);
  });
});
