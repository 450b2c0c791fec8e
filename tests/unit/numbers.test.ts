import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars } from '../../packages/web/src/lib/numbers.ts';

// The web app writes counts and dollars without Intl (lib/numbers.ts says why); what it writes
// must be exactly what Intl writes in en-US, which the screens showed before.
const intlCount = (n: number) => n.toLocaleString('en-US');
const currency = (digits: 0 | 2) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
const intl = { 0: currency(0), 2: currency(2) };

/** A fixed pseudo-random sequence: the same values on every run. */
function* values(count: number) {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const magnitude = 10 ** Math.floor(next() * 10);
    yield Math.floor(next() * magnitude);
    yield Math.round(next() * magnitude * 100) / 100;
    yield -Math.round(next() * magnitude * 1000) / 1000;
    yield next() * magnitude;
  }
}

const edges = [0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.005, 1.005, 1.115, 8.345, 0.0004, 999.9995, 999_999.5, 1234.5678, -0.001];
const unusual = [NaN, Infinity, -Infinity, 1e21, 1.5e-7, Number.MAX_SAFE_INTEGER, 2 ** 60];

describe('counts and dollars without Intl', () => {
  const all = [...edges, ...unusual, ...values(2000)];

  it('write counts as toLocaleString("en-US") does', () => {
    expect(all.map(formatCount)).toEqual(all.map(intlCount));
  });

  it("write dollars as Intl's en-US currency format does, with no decimals and with two", () => {
    for (const digits of [0, 2] as const) expect(all.map((n) => formatDollars(n, digits))).toEqual(all.map((n) => intl[digits].format(n)));
  });

  it('write cent amounts from -$100 to $100,000 as Intl does', () => {
    const amounts = Array.from({ length: 100_000 }, (_, i) => (i * 101 - 100_00) / 100);
    expect(amounts.map((n) => formatDollars(n, 2))).toEqual(amounts.map((n) => intl[2].format(n)));
  });
});
