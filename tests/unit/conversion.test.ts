import { describe, expect, it } from 'vitest';
import {
  conversionBarMultiplier,
  conversionBarWidth,
  conversionMilli,
  formatConversion,
  parseConversionRate,
  roundTo,
} from '@event-admin/core/stats/stats.rules';

describe('conversion (DESIGN: completed purchases / page views x 100, 0 without views)', () => {
  it('is kept in thousandths of a percent', () => {
    expect(conversionMilli(1, 8)).toBe(12_500);
    expect(conversionMilli(3, 25)).toBe(12_000);
    expect(conversionMilli(1, 3)).toBe(33_333);
    expect(conversionMilli(5, 5)).toBe(100_000);
  });

  it('is 0 without page views', () => {
    expect(conversionMilli(0, 0)).toBe(0);
    expect(conversionMilli(7, 0)).toBe(0);
    expect(conversionMilli(0, 10)).toBe(0);
  });

  it('is shown like 12.5% or 12%', () => {
    expect(formatConversion(12_500)).toBe('12.5%');
    expect(formatConversion(12_000)).toBe('12%');
    expect(formatConversion(33_333)).toBe('33.3%');
    expect(formatConversion(0)).toBe('0%');
    expect(formatConversion(100_000)).toBe('100%');
    expect(formatConversion(conversionMilli(1, 8))).toBe('12.5%');
  });

  it('rounds to one decimal', () => {
    expect(roundTo(12.46, 1)).toBe(12.5);
    expect(roundTo(12.44, 1)).toBe(12.4);
  });
});

describe('top-events progress bar (SPEC §2, §9)', () => {
  it('parses the rate text; unparseable counts as 0', () => {
    expect(parseConversionRate('12.5%')).toBe(12.5);
    expect(parseConversionRate('12%')).toBe(12);
    expect(parseConversionRate('n/a')).toBe(0);
    expect(parseConversionRate('')).toBe(0);
    expect(parseConversionRate(null)).toBe(0);
    expect(parseConversionRate(undefined)).toBe(0);
  });

  it('is the parsed rate times 6, capped at 100', () => {
    expect(conversionBarMultiplier).toBe(6);
    expect(conversionBarWidth('12.5%')).toBe(75);
    expect(conversionBarWidth('10%')).toBe(60);
    expect(conversionBarWidth('0%')).toBe(0);
    expect(conversionBarWidth('16%')).toBe(96);
    expect(conversionBarWidth('16.7%')).toBe(100);
    expect(conversionBarWidth('50%')).toBe(100);
    expect(conversionBarWidth('bogus')).toBe(0);
  });
});
