import { describe, expect, it } from 'vitest';
import { centsToDollars, formatCents, parseAmountToCents, sumAmountTexts } from '@event-admin/core/transaction/money';

describe('money', () => {
  it('parses $ text and dollar numbers into cents', () => {
    expect(parseAmountToCents('$12.34')).toBe(1234);
    expect(parseAmountToCents('12.5')).toBe(1250);
    expect(parseAmountToCents(12.34)).toBe(1234);
    expect(parseAmountToCents('$1,200')).toBe(120000);
  });
  it('refuses negative, over-precise and non-numeric amounts', () => {
    expect(parseAmountToCents('-1')).toBeNull();
    expect(parseAmountToCents('1.234')).toBeNull();
    expect(parseAmountToCents(1.234)).toBeNull();
    expect(parseAmountToCents('twelve')).toBeNull();
  });
  it('formats cents as SPEC amount text and sums amounts as the transactions page does', () => {
    expect(formatCents(1234)).toBe('$12.34');
    expect(formatCents(5)).toBe('$0.05');
    expect(sumAmountTexts(['$12.34', '$0.66', '$100.00'])).toBe(11300);
  });
});

describe('money typed with commas', () => {
  it('takes a comma only between groups of three before the point', () => {
    expect(parseAmountToCents('1,234.56')).toBe(123456);
    expect(parseAmountToCents('$1,234,567.5')).toBe(123456750);
    expect(parseAmountToCents('1234.56')).toBe(123456);
    expect(parseAmountToCents('999,999,999.99')).toBe(99999999999);
  });
  it.each(['1,50', '1,5', '12,3456', '1.2.3', '12,34.5', '1,2345', '0,500', ',500', '1,', '1,,000', '1,000,000,000'])(
    'refuses %s rather than guess what it means',
    (typed) => expect(parseAmountToCents(typed)).toBeNull(),
  );
});

describe('money at the edges', () => {
  it('formats zero and large amounts with two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100)).toBe('$1.00');
    expect(formatCents(123_456_789)).toBe('$1234567.89');
  });
  it('reads one decimal as tens of cents and whitespace around the amount', () => {
    expect(parseAmountToCents('$0.5')).toBe(50);
    expect(parseAmountToCents(' $ 7 ')).toBe(700);
    expect(parseAmountToCents('')).toBeNull();
    expect(parseAmountToCents(Number.NaN)).toBeNull();
  });
  it('turns cents into dollars and skips unparseable amounts in a sum', () => {
    expect(centsToDollars(1234)).toBe(12.34);
    expect(centsToDollars(0)).toBe(0);
    expect(sumAmountTexts(['$1.00', 'oops', '$2.50'])).toBe(350);
    expect(sumAmountTexts([])).toBe(0);
  });
});
