import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import {
  judgeOffline,
  offlineStats,
  syncFailure,
  type OfflineTicket,
  type QueuedScan,
} from '../../packages/web/src/components/check-in/door-rules.ts';
import { withCheckIn, withRecent, recentLength, type DoorState } from '../../packages/web/src/components/check-in/door-store.ts';

// The check-in screen's rules without the server (issue 31 item 5): a scan judged from the list
// fetched beforehand, the counts, and what a refusal on sync becomes.

const ticket = (fields: Partial<OfflineTicket> = {}): OfflineTicket => ({
  codeHash: 'a'.repeat(64),
  ticketId: 't1',
  ticketTypeId: 'stalls',
  ticketTypeName: 'Stalls',
  attendeeName: 'Ada Lovelace',
  status: 'valid',
  checkedInAt: null,
  checkedInBy: null,
  ...fields,
});
const queued = (fields: Partial<QueuedScan> = {}): QueuedScan => ({
  key: 'k1',
  codeHash: 'a'.repeat(64),
  ticketId: 't1',
  scannedAt: '2031-06-15T19:05:00.000Z',
  ...fields,
});

describe('a scan judged on the device', () => {
  it('admits a valid ticket not yet checked in', () => {
    const found = ticket();
    expect(judgeOffline(found, undefined, 'UTC', 'door1')).toEqual({ admitted: true, ticket: found });
  });

  it("refuses with the server's words: unknown, void, checked in before the list, scanned here", () => {
    expect(judgeOffline(undefined, undefined, 'UTC', 'door1')).toEqual({ admitted: false, message: 'No ticket with this code' });
    expect(judgeOffline(ticket({ status: 'void' }), undefined, 'UTC', 'door1')).toEqual({
      admitted: false,
      message: 'This ticket is void',
    });
    const before = ticket({ checkedInAt: '2031-06-15T18:04:00.000Z', checkedInBy: 'grace' });
    expect(judgeOffline(before, undefined, 'America/New_York', 'door1')).toEqual({
      admitted: false,
      message: 'Already checked in at 14:04 by grace',
    });
    expect(judgeOffline(ticket(), queued(), 'UTC', 'door1')).toEqual({ admitted: false, message: 'Already checked in at 19:05 by door1' });
  });
});

describe('the counts offline', () => {
  it('counts valid tickets by type, those checked in before and those queued here', () => {
    const tickets = [
      ticket({ ticketId: 't1' }),
      ticket({ ticketId: 't2', checkedInAt: '2031-06-15T18:00:00.000Z', checkedInBy: 'grace' }),
      ticket({ ticketId: 't3', status: 'void' }),
      ticket({ ticketId: 't4', ticketTypeId: 'balcony', ticketTypeName: 'Balcony' }),
    ];
    expect(offlineStats(tickets, [queued({ ticketId: 't4' })])).toEqual({
      tickets: 3,
      checkedIn: 2,
      byType: [
        { ticketTypeId: 'stalls', name: 'Stalls', tickets: 2, checkedIn: 1 },
        { ticketTypeId: 'balcony', name: 'Balcony', tickets: 1, checkedIn: 1 },
      ],
    });
  });
});

describe('a queued scan the server answers on sync', () => {
  const refusal = (status: number, message: string) =>
    new TRPCClientError(message, { result: { error: { message, code: -32000, data: { httpStatus: status } } } as never });

  it('is a conflict when refused, and waits when the server was not reached or the session is gone', () => {
    expect(syncFailure(refusal(409, 'Already checked in at 19:01 by grace'))).toEqual({
      later: false,
      message: 'Already checked in at 19:01 by grace',
    });
    expect(syncFailure(refusal(503, 'Service unavailable'))).toEqual({ later: true });
    expect(syncFailure(refusal(401, 'Not signed in'))).toEqual({ later: true });
    expect(syncFailure(new TypeError('Failed to fetch'))).toEqual({ later: true });
  });
});

describe('what the device keeps', () => {
  const empty: DoorState = { list: null, queue: [], conflicts: [], recent: [] };

  it(`keeps the last ${recentLength} scans, newest first`, () => {
    let state = empty;
    for (let i = 0; i < recentLength + 2; i += 1) {
      state = withRecent(state, {
        id: String(i),
        at: '',
        admitted: false,
        attendeeName: null,
        ticketTypeName: null,
        message: 'x',
        ticketId: null,
        state: 'refused',
      });
    }
    expect(state.recent.map((scan) => scan.id)).toEqual(Array.from({ length: recentLength }, (_, i) => String(recentLength + 1 - i)));
  });

  it('marks a ticket of the list checked in (and undone), the others left as they were', () => {
    const list = { generatedAt: '', zone: 'UTC', title: null, tickets: [ticket(), ticket({ ticketId: 't2' })] };
    const checked = withCheckIn({ ...empty, list }, 't2', '2031-06-15T19:00:00.000Z', 'door1');
    expect(checked.list?.tickets.map((t) => t.checkedInAt)).toEqual([null, '2031-06-15T19:00:00.000Z']);
    expect(withCheckIn(checked, 't2', null, null).list?.tickets[1]?.checkedInAt).toBeNull();
  });
});
