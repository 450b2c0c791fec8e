import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayBounds,
  dayHours,
  isoWithOffset,
  knownTimeZone,
  localDate,
  offsetLabel,
  offsetMinutes,
  timeZoneNames,
  today,
  wallClock,
  zoneAbbreviation,
  zonedInstant,
  zoneLabel,
} from '@event-admin/core/time/zone';
import { timeZoneField } from '@event-admin/core/time/zone.schema';

const ny = 'America/New_York';
const iso = (date: Date) => date.toISOString();

describe('the local day of an instant (issue 32 item 5)', () => {
  it("UTC's clock, read without a formatter, is what Intl shows for the same zone under another name", () => {
    // every hour over four years (a leap day among them), and the instants around the year's turns
    const start = Date.UTC(2027, 11, 31, 23, 59, 59);
    const instants = [
      0,
      -1000,
      951_782_399_999,
      Date.UTC(2100, 1, 28, 23, 30),
      ...Array.from({ length: 4 * 366 * 24 }, (_, i) => start + i * 3_600_537),
    ];
    for (const instant of instants)
      expect(wallClock(instant, 'UTC'), new Date(instant).toISOString()).toEqual(wallClock(instant, 'Etc/UTC'));
    expect(localDate('2028-02-29T23:59:59.999Z', 'UTC')).toBe('2028-02-29');
  });

  it('New York: 04:59Z on Mar 8 is still Mar 7, 05:00Z is Mar 8', () => {
    expect(localDate('2026-03-08T04:59:00Z', ny)).toBe('2026-03-07');
    expect(localDate('2026-03-08T04:59:59.999Z', ny)).toBe('2026-03-07');
    expect(localDate('2026-03-08T05:00:00Z', ny)).toBe('2026-03-08');
  });

  it('New York, spring change: Mar 8 has 23 hours and 06:30Z (01:30 EST) and 07:30Z (03:30 EDT) are both on it', () => {
    expect(dayHours('2026-03-08', ny)).toBe(23);
    const { start, end } = dayBounds('2026-03-08', ny);
    expect([iso(start), iso(end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect(localDate('2026-03-08T06:30:00Z', ny)).toBe('2026-03-08');
    expect(localDate('2026-03-08T07:30:00Z', ny)).toBe('2026-03-08');
    expect(isoWithOffset('2026-03-08T06:30:00Z', ny)).toBe('2026-03-08T01:30:00-05:00');
    expect(isoWithOffset('2026-03-08T07:30:00Z', ny)).toBe('2026-03-08T03:30:00-04:00');
    expect(localDate('2026-03-09T03:59:59Z', ny)).toBe('2026-03-08');
    expect(localDate('2026-03-09T04:00:00Z', ny)).toBe('2026-03-09');
  });

  it('New York, autumn change: Nov 1 has 25 hours and 05:30Z (01:30 EDT) and 06:30Z (01:30 EST) are both on it', () => {
    expect(dayHours('2026-11-01', ny)).toBe(25);
    const { start, end } = dayBounds('2026-11-01', ny);
    expect([iso(start), iso(end)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
    expect(localDate('2026-11-01T05:30:00Z', ny)).toBe('2026-11-01');
    expect(localDate('2026-11-01T06:30:00Z', ny)).toBe('2026-11-01');
    expect(isoWithOffset('2026-11-01T05:30:00Z', ny)).toBe('2026-11-01T01:30:00-04:00');
    expect(isoWithOffset('2026-11-01T06:30:00Z', ny)).toBe('2026-11-01T01:30:00-05:00');
    expect(localDate('2026-11-02T04:59:59Z', ny)).toBe('2026-11-01');
  });

  it('a sale at 23:59 local counts on that day, one at 00:00 on the next', () => {
    for (const zone of [ny, 'Asia/Kolkata', 'Europe/Berlin', 'UTC', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (const day of ['2026-01-15', '2026-03-08', '2026-03-29', '2026-07-01', '2026-10-25', '2026-11-01']) {
        expect(localDate(zonedInstant(day, '23:59', zone), zone), `${zone} ${day} 23:59`).toBe(day);
        expect(localDate(zonedInstant(addDays(day, 1), '00:00', zone), zone), `${zone} ${day} 24:00`).toBe(addDays(day, 1));
        expect(zonedInstant(addDays(day, 1), '00:00', zone).getTime() - zonedInstant(day, '23:59', zone).getTime()).toBe(60_000);
      }
    }
  });

  it('Asia/Kolkata (+05:30, east of UTC, no changes): 18:29Z is still the day, 18:30Z the next', () => {
    expect(offsetMinutes('2026-06-01T00:00:00Z', 'Asia/Kolkata')).toBe(330);
    expect(localDate('2026-03-07T18:29:59Z', 'Asia/Kolkata')).toBe('2026-03-07');
    expect(localDate('2026-03-07T18:30:00Z', 'Asia/Kolkata')).toBe('2026-03-08');
    expect(iso(dayBounds('2026-03-08', 'Asia/Kolkata').start)).toBe('2026-03-07T18:30:00.000Z');
    expect(dayHours('2026-03-08', 'Asia/Kolkata')).toBe(24);
    expect(isoWithOffset('2026-03-07T18:30:00Z', 'Asia/Kolkata')).toBe('2026-03-08T00:00:00+05:30');
  });

  it('Europe/Berlin changes on other dates (Mar 29 and Oct 25, 2026), not on the American ones', () => {
    expect(dayHours('2026-03-08', 'Europe/Berlin')).toBe(24);
    expect(dayHours('2026-11-01', 'Europe/Berlin')).toBe(24);
    expect(dayHours('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(dayHours('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(localDate('2026-03-28T22:59:59Z', 'Europe/Berlin')).toBe('2026-03-28');
    expect(localDate('2026-03-28T23:00:00Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDate('2026-03-29T21:59:59Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDate('2026-03-29T22:00:00Z', 'Europe/Berlin')).toBe('2026-03-30');
    expect(isoWithOffset('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
    expect(isoWithOffset('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30:00+01:00');
  });

  it('every day of two years, in seven zones: its first and last instants are on it, the ones around them are not', () => {
    const zones = [ny, 'Asia/Kolkata', 'Europe/Berlin', 'UTC', 'America/Sao_Paulo', 'Australia/Lord_Howe', 'America/Santiago'];
    const wrong: string[] = [];
    for (const zone of zones) {
      for (let day = '2025-06-01'; day < '2027-06-01'; day = addDays(day, 1)) {
        const { start, end } = dayBounds(day, zone);
        const hours = (end.getTime() - start.getTime()) / 3_600_000;
        const seen = [start.getTime() - 1, start.getTime(), end.getTime() - 1, end.getTime()].map((t) => localDate(t, zone));
        if (seen.join() !== [addDays(day, -1), day, day, addDays(day, 1)].join() || hours < 23 || hours > 25) wrong.push(`${zone} ${day}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 20_000);
});

describe('wall-clock times to instants', () => {
  it('reads a skipped time after the gap and a repeated one as the first of the two', () => {
    expect(iso(zonedInstant('2026-03-08', '02:30', ny))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedInstant('2026-11-01', '01:30', ny))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedInstant('2031-07-14', '20:00', 'America/Los_Angeles'))).toBe('2031-07-15T03:00:00.000Z');
  });

  it('a day whose midnight is skipped starts at the first instant it has', () => {
    // America/Santiago moves from 00:00 to 01:00 on 2026-09-06
    const { start } = dayBounds('2026-09-06', 'America/Santiago');
    expect(isoWithOffset(start, 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
    expect(dayHours('2026-09-06', 'America/Santiago')).toBe(23);
  });

  it('today is the local day now', () => {
    expect(today(ny, '2026-03-08T04:59:00Z')).toBe('2026-03-07');
    expect(today('Asia/Kolkata', '2026-03-07T18:30:00Z')).toBe('2026-03-08');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('shown offsets and names', () => {
  it('formats the offset with a real minus sign, and UTC as +00:00', () => {
    expect(zoneLabel(ny, '2026-01-15T12:00:00Z')).toBe('America/New_York (UTC\u221205:00)');
    expect(offsetLabel(ny, '2026-07-15T12:00:00Z')).toBe('UTC\u221204:00');
    expect(zoneLabel('Asia/Kolkata', '2026-01-15T12:00:00Z')).toBe('Asia/Kolkata (UTC+05:30)');
    expect(zoneLabel('UTC')).toBe('UTC (UTC+00:00)');
    expect(isoWithOffset('2026-01-15T12:00:00.999Z', 'UTC')).toBe('2026-01-15T12:00:00+00:00');
    expect(isoWithOffset('2026-01-15T23:59:59.999Z', 'UTC')).toBe('2026-01-15T23:59:59+00:00');
  });

  it('names zones by their abbreviation where one exists', () => {
    expect(zoneAbbreviation('2031-07-15T03:00:00Z', 'America/Los_Angeles')).toBe('PDT');
    expect(zoneAbbreviation('2031-01-15T03:00:00Z', 'America/Los_Angeles')).toBe('PST');
    expect(zoneAbbreviation('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation('2026-01-01T12:00:00Z', 'Europe/London')).toBe('GMT');
    expect(zoneAbbreviation('2026-01-01T12:00:00Z', 'UTC')).toBe('UTC');
    expect(zoneAbbreviation('2026-01-01T12:00:00Z', 'Asia/Tokyo')).toMatch(/^(JST|GMT\+9)$/);
  });
});

describe('which names are zones', () => {
  it('knows IANA names, fixes their case, keeps links as given, refuses the rest', () => {
    expect(knownTimeZone('America/New_York')).toBe('America/New_York');
    expect(knownTimeZone(' america/new_york ')).toBe('America/New_York');
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone(' utc ')).toBe('UTC');
    expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(knownTimeZone('US/Eastern')).toBe('US/Eastern');
    for (const name of ['', 'Mars/Olympus_Mons', '+05:00', 'America/New York', 'EST+5', '../etc/passwd']) {
      expect(knownTimeZone(name), name).toBeUndefined();
    }
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(timeZoneNames()).toContain(ny);
  });

  it('the schema answers Unknown time zone', () => {
    expect(timeZoneField.parse(' europe/berlin')).toBe('Europe/Berlin');
    expect(timeZoneField.safeParse('Nowhere/Land').error?.issues[0]?.message).toBe('Unknown time zone');
    expect(timeZoneField.safeParse('x'.repeat(200)).error?.issues[0]?.message).toBe('Unknown time zone');
  });
});
