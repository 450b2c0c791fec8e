import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';
import { wallClock, type Instant } from '@event-admin/core/time/zone';
import { noSuchTicket, voidTicket } from '@event-admin/core/ticket/ticket.schema';
import { isUnreachable } from '../../lib/connection.ts';
import { errorMessage, errorStatus } from '../../lib/errors.ts';

/*
 * The door's rules without the server (issue 31 item 5), pure so they are tested alone: what a
 * scan is answered from the list fetched beforehand, what the screen counts, and how a queued scan
 * the server answers on sync is settled.
 */

type CheckIns = inferRouterOutputs<AppRouter>['checkIns'];
export type OfflineTicket = CheckIns['offlineList']['tickets'][number];
export type CheckInStats = CheckIns['stats'];
export type CheckInAnswer = CheckIns['create'];

/**
 * A scan admitted without the server, waiting to be sent (its `key` is its Idempotency-Key): the
 * matched ticket's id is what is sent, so the readable code is never kept in the browser.
 */
export interface QueuedScan {
  key: string;
  codeHash: string;
  ticketId: string;
  scannedAt: string;
}

/** A queued scan the server refused when it was sent: shown until dismissed, never dropped. */
export interface Conflict {
  key: string;
  attendeeName: string | null;
  ticketTypeName: string;
  /** when it was scanned here */
  scannedAt: string;
  /** the server's words, with the other door's time in them */
  message: string;
}

export type Verdict = { admitted: true; ticket: OfflineTicket } | { admitted: false; message: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:MM in the zone, as the server's refusals write it. */
export function clockTime(instant: Instant, zone: string) {
  const clock = wallClock(instant, zone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

export const alreadyCheckedIn = (at: Instant, by: string, zone: string) => `Already checked in at ${clockTime(at, zone)} by ${by}`;

/**
 * A scan judged on this device: the ticket found by its code's hash, refused as the server would
 * refuse it when void or checked in (before the list was fetched, or here since).
 */
export function judgeOffline(ticket: OfflineTicket | undefined, queued: QueuedScan | undefined, zone: string, username: string): Verdict {
  if (!ticket) return { admitted: false, message: noSuchTicket };
  if (ticket.status !== 'valid') return { admitted: false, message: voidTicket };
  if (ticket.checkedInAt) return { admitted: false, message: alreadyCheckedIn(ticket.checkedInAt, ticket.checkedInBy ?? username, zone) };
  if (queued) return { admitted: false, message: alreadyCheckedIn(queued.scannedAt, username, zone) };
  return { admitted: true, ticket };
}

/** "N of M checked in" by type from the list and the scans queued here (the server's shape). */
export function offlineStats(tickets: readonly OfflineTicket[], queue: readonly QueuedScan[]): CheckInStats {
  const queued = new Set(queue.map((scan) => scan.ticketId));
  const byType = new Map<string, CheckInStats['byType'][number]>();
  for (const ticket of tickets) {
    if (ticket.status !== 'valid') continue;
    const type = byType.get(ticket.ticketTypeId) ?? {
      ticketTypeId: ticket.ticketTypeId,
      name: ticket.ticketTypeName,
      tickets: 0,
      checkedIn: 0,
    };
    type.tickets += 1;
    if (ticket.checkedInAt || queued.has(ticket.ticketId)) type.checkedIn += 1;
    byType.set(ticket.ticketTypeId, type);
  }
  const types = [...byType.values()];
  const sum = (key: 'tickets' | 'checkedIn') => types.reduce((total, type) => total + type[key], 0);
  return { tickets: sum('tickets'), checkedIn: sum('checkedIn'), byType: types };
}

/**
 * What a failed send of a queued scan means: 'later' when the server was not reached (or the
 * session is gone: it is kept for the next sign-in), else the server's refusal, a conflict.
 */
export function syncFailure(error: unknown): { later: true } | { later: false; message: string } {
  const status = errorStatus(error);
  if (isUnreachable(error) || status === undefined || status === 401 || status === 429) return { later: true };
  return { later: false, message: errorMessage(error, 'The server refused this scan.') };
}
