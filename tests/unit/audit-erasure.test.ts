import { describe, expect, it } from 'vitest';
import { erasedRecord, erasureTerms, withoutTerms } from '@event-admin/core/audit/audit.rules';

describe('erasureTerms', () => {
  it('keeps texts long enough to name someone, without repeats or erased values, longest first', () => {
    expect(erasureTerms(['Ada', ' Ada Lovelace ', 'Al', '', null, 42, '[erased]', 'Ada Lovelace', 'ada@example.com'])).toEqual([
      'ada@example.com',
      'Ada Lovelace',
      'Ada',
    ]);
  });
});

describe('withoutTerms', () => {
  it('replaces every term whatever its case, the longest first, and reads special characters literally', () => {
    const terms = erasureTerms(['Ada Lovelace', 'Ada', 'a.b+c@x.io']);
    expect(withoutTerms('Refunded to ADA LOVELACE (Ada) at a.b+c@x.io; aXb+c@x.io stays', terms)).toBe(
      'Refunded to [erased] ([erased]) at [erased]; aXb+c@x.io stays',
    );
    expect(withoutTerms('nothing here', [])).toBe('nothing here');
  });
});

describe('erasedRecord', () => {
  const terms = erasureTerms(['Grace Hopper', 'grace@navy.example']);
  it('erases personal fields, scrubs the summary and other values, keeps the rest', () => {
    const record = {
      summary: 'Edited Grace Hopper',
      changes: [
        { field: 'name', from: 'Grace Murray', to: 'Grace Hopper' },
        { field: 'phone', from: '', to: '555' },
        { field: 'zipCode', from: null, to: '22201' },
        { field: 'status', from: 'pending', to: 'completed' },
        { field: 'note', from: null, to: 'Call grace@navy.example' },
      ],
    };
    expect(erasedRecord(record, terms)).toEqual({
      summary: 'Edited [erased]',
      changes: [
        { field: 'name', from: '[erased]', to: '[erased]' },
        { field: 'phone', from: '', to: '[erased]' },
        { field: 'zipCode', from: null, to: '[erased]' },
        { field: 'status', from: 'pending', to: 'completed' },
        { field: 'note', from: null, to: 'Call [erased]' },
      ],
    });
  });
  it('is undefined for a record that names no one (already scrubbed, or about something else)', () => {
    expect(
      erasedRecord({ summary: 'Marked $5.00 as completed', changes: [{ field: 'status', from: 'pending', to: 'completed' }] }, terms),
    ).toBe(undefined);
    const scrubbed = erasedRecord(
      { summary: 'Created Grace Hopper', changes: [{ field: 'name', from: null, to: 'Grace Hopper' }] },
      terms,
    )!;
    expect(erasedRecord(scrubbed, terms)).toBe(undefined);
  });
});
