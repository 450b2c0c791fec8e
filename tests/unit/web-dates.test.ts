import { afterEach, describe, expect, it } from 'vitest';
import { resolveRange } from '../../packages/web/src/components/reports/report-range.ts';
import { businessZone, eventZoneToStore } from '../../packages/web/src/lib/business-zone.ts';
import { eventDateTimeLocal, eventMonthDay, formatDate, formatEventWhen } from '../../packages/web/src/lib/format.ts';

// The web app's one way of writing dates (lib/format.ts), read in the business's zone (issue 32).
afterEach(() => businessZone.set('UTC'));

describe("dates on the screens, in the business's time zone", () => {
  it("writes an instant's day as the business counts it, UTC until a zone is set", () => {
    expect(formatDate('2026-03-08T04:59:00Z')).toBe('Mar 8, 2026');
    businessZone.set('America/New_York');
    expect(formatDate('2026-03-08T04:59:00Z')).toBe('Mar 7, 2026');
    expect(formatDate('2026-03-08T05:00:00Z')).toBe('Mar 8, 2026');
    businessZone.set('Asia/Kolkata');
    expect(formatDate('2026-03-07T18:30:00Z')).toBe('Mar 8, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it("writes an event's time on its own clock, with the abbreviation only where it is not the business's zone", () => {
    businessZone.set('America/New_York');
    const inNewYork = { date: '2031-07-15T00:00:00.000Z', time: '20:00', timeZone: null };
    expect(formatEventWhen(inNewYork)).toBe('Jul 14, 2031, 20:00');
    expect(eventMonthDay(inNewYork)).toEqual({ month: 'Jul', day: 14 });
    const inLosAngeles = { date: '2031-07-15T03:00:00.000Z', time: '20:00', timeZone: 'America/Los_Angeles' };
    expect(formatEventWhen(inLosAngeles)).toBe('Jul 14, 2031, 20:00 PDT');
    expect(eventDateTimeLocal(inLosAngeles)).toBe('2031-07-14T20:00');
    expect(formatEventWhen({ ...inLosAngeles, date: '2031-01-15T04:00:00.000Z' })).toBe('Jan 14, 2031, 20:00 PST');
  });

  it("stores no zone for an event left on the business's, so it keeps following it", () => {
    businessZone.set('America/New_York');
    expect(eventZoneToStore('America/New_York')).toBeNull();
    expect(eventZoneToStore(undefined)).toBeNull();
    expect(eventZoneToStore('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(eventZoneToStore('America/New_York', 'America/Los_Angeles')).toBe('America/New_York');
  });

  it("ends the Reports screen's presets on the business's today", () => {
    const now = new Date('2026-03-08T03:00:00Z');
    expect(resolveRange('7d', {}, now)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    businessZone.set('America/New_York');
    expect(resolveRange('7d', {}, now)).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(resolveRange('last-month', {}, new Date('2026-03-01T03:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });
});
