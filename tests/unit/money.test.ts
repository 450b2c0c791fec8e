import { describe, expect, it } from 'vitest';
import { formatCents, parseAmountToCents, sumAmountTexts } from '@event-admin/core/purchase/money';

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
