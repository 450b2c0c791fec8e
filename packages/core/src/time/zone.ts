/**
 * The business's day: calendar days, "today", and shown times in one IANA time zone, with `Intl`
 * only (no library, no server code: the browser imports this file too). A day is the calendar
 * day there, so it lasts 23 hours on the spring change and 25 on the autumn one.
 *
 * Days are `yyyy-mm-dd` texts; instants are `Date`s, epoch milliseconds or ISO texts.
 */

export type Instant = Date | number | string;

/** Where nothing else is set: the business's zone before it is chosen. */
export const defaultTimeZone = 'UTC';

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** Formatters are costly to build (tens of microseconds) and a list formats hundreds of dates: one per zone and use. */
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, use: string, options: Intl.DateTimeFormatOptions, locale = 'en-US') {
  const key = `${use}|${locale}|${zone}`;
  let found = cache.get(key);
  if (!found) cache.set(key, (found = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  return found;
}

const toMs = (instant: Instant) =>
  instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);

/** An IANA name rather than an offset ('+05:00'), which newer engines accept as a zone too. */
const namePattern = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The zone's name as stored, or undefined when this engine does not know it. Links (aliases such
 * as `US/Eastern` or `Asia/Calcutta`) are real IANA names with the same rules and are accepted as
 * given: engines disagree on which spelling is canonical (Node 20 turns `Asia/Kolkata` into
 * `Asia/Calcutta`, current Chrome the reverse), so the name is kept as typed, only its case put
 * right when it differs from the engine's own spelling by case alone (`america/new_york`).
 */
export function knownTimeZone(name: string): string | undefined {
  const trimmed = name.trim();
  if (!namePattern.test(trimmed)) return undefined;
  // the default, which every engine knows, without a first formatter (wallClock says why)
  if (trimmed === defaultTimeZone) return trimmed;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === trimmed.toLowerCase() ? resolved : trimmed;
  } catch {
    return undefined;
  }
}

/** The names a zone picker offers: the engine's list, with UTC (which Node 20 leaves out) first. */
export function timeZoneNames(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [defaultTimeZone, ...listed.filter((name) => name !== defaultTimeZone && name !== 'Etc/UTC')];
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in the zone shows at an instant (seconds and below: the instant's own). */
export function wallClock(instant: Instant, zone: string): WallClock {
  // UTC's clock is the instant's own: no formatter, whose first use loads the locale data (60 to
  // 90 ms in a page's first task on a slow machine, docs/performance.md), in the default zone
  if (zone === defaultTimeZone) {
    const date = new Date(toMs(instant));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    return { year, month, day, hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() };
  }
  const parts = formatter(zone, 'wall', {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(toMs(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

const wallMs = (c: WallClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);

/** Minutes the zone is ahead of UTC at an instant: -300 for New York in winter, 330 for Kolkata. */
export function offsetMinutes(instant: Instant, zone: string): number {
  const ms = toMs(instant);
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((wallMs(wallClock(whole, zone)) - whole) / minuteMs);
}

const pad = (n: number, size = 2) => String(Math.abs(n)).padStart(size, '0');
const dayText = (c: Pick<WallClock, 'year' | 'month' | 'day'>) => `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;

/** The calendar day in the zone at an instant: `2026-03-07` for 2026-03-08T04:59Z in New York. */
export const localDate = (instant: Instant, zone: string) => dayText(wallClock(instant, zone));

/** Today in the zone. */
export const today = (zone: string, now: Instant = Date.now()) => localDate(now, zone);

/** A calendar day `count` days on (or back): plain calendar arithmetic, whatever the zone. */
export function addDays(day: string, count: number) {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + count * dayMs).toISOString().slice(0, 10);
}

/**
 * The instant a clock in the zone shows `time` (`HH:mm`, midnight when left out) on `day`. A time
 * the clock skips (02:30 on a spring change) is read with the offset before the change, so it
 * lands as far after the gap (03:30); a time it shows twice (01:30 on an autumn change) is the
 * first of the two. (Temporal's `compatible` disambiguation, and what calendars do.)
 */
export function zonedInstant(day: string, time: string | undefined, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = (time ?? '00:00').split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const before = offsetMinutes(wall - dayMs, zone);
  const after = offsetMinutes(wall + dayMs, zone);
  const fits = [before, after].map((o) => wall - o * minuteMs).filter((t) => wallMs(wallClock(t, zone)) === wall);
  return new Date(fits.length ? Math.min(...fits) : wall - before * minuteMs);
}

/** Where a local day starts and where the next one starts (exclusive end), as instants. */
export function dayBounds(day: string, zone: string) {
  return { start: zonedInstant(day, undefined, zone), end: zonedInstant(addDays(day, 1), undefined, zone) };
}

/** How long a local day lasts, in hours: 24, or 23 and 25 on daylight-saving changes. */
export function dayHours(day: string, zone: string) {
  const { start, end } = dayBounds(day, zone);
  return (end.getTime() - start.getTime()) / 3_600_000;
}

/** `+05:30`, `-05:00`: an offset as ISO 8601 writes it (`minus` for the sign shown to people, U+2212). */
function offsetText(minutes: number, minus = '-') {
  return `${minutes < 0 ? minus : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * An instant as ISO 8601 with the zone's offset, to the second (cut, not rounded, so it stays on
 * its local day): `2026-03-08T01:30:00-05:00`.
 */
export function isoWithOffset(instant: Instant, zone: string) {
  const ms = Math.floor(toMs(instant) / 1000) * 1000;
  const c = wallClock(ms, zone);
  return `${dayText(c)}T${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}${offsetText(offsetMinutes(ms, zone))}`;
}

/** The offset now, for people: `UTC−05:00` (a real minus sign). */
export const offsetLabel = (zone: string, now: Instant = Date.now()) => `UTC${offsetText(offsetMinutes(now, zone), '\u2212')}`;

/** A zone with its offset now: `America/New_York (UTC−05:00)`. */
export const zoneLabel = (zone: string, now: Instant = Date.now()) => `${zone} (${offsetLabel(zone, now)})`;

/**
 * The zone's short name at an instant: `PDT`, `CEST`, `IST`. English locales name different
 * zones (en-US only America's), so the first that gives letters wins; else `GMT+9` as Intl has it.
 */
export function zoneAbbreviation(instant: Instant, zone: string) {
  const ms = toMs(instant);
  let fallback = '';
  for (const locale of ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ']) {
    const name =
      formatter(zone, 'abbr', { timeZoneName: 'short' }, locale)
        .formatToParts(ms)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (/^[A-Z]{2,6}$/.test(name)) return name;
    fallback ||= name;
  }
  return fallback;
}
