import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { hashTicketCode, normalizeTicketCode } from '@event-admin/core/ticket/code';
import { auth } from '../../lib/auth.ts';
import { businessZone } from '../../lib/business-zone.ts';
import { connection, isUnreachable, retryNow } from '../../lib/connection.ts';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { judgeOffline, syncFailure, type CheckInAnswer, type QueuedScan } from './door-rules.ts';
import { doorStore, withCheckIn, withFreshList, withRecent, withRecentState, type DoorState, type RecentScan } from './door-store.ts';

/** The list is fetched again this often while online, so the device is ready when the network goes. */
const listEveryMs = 60_000;
/** A queue waiting while online is tried again this often (the connection watch also starts it). */
const syncEveryMs = 15_000;

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Offline: the browser says it has no network, or the app's last calls could not reach the server. */
export function useOffline() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const { reachable } = useSyncExternalStore(connection.subscribe, connection.get);
  return !online || !reachable;
}

const noListMessage = 'This device has no ticket list for this event yet: it cannot check codes offline.';
const username = () => auth.get().username ?? 'you';
const refused = (id: string, message: string): RecentScan => ({
  id,
  at: new Date().toISOString(),
  admitted: false,
  attendeeName: null,
  ticketTypeName: null,
  message,
  ticketId: null,
  state: 'refused',
});

/**
 * The door for one event: a scan answered by the server while it can be reached, else from the
 * list fetched beforehand and queued; the queue sent in order when the connection is back, a
 * refusal then kept as a conflict; undo; the list kept fresh while online.
 */
export function useDoor(eventId: string) {
  const utils = trpc.useUtils();
  const store = useMemo(() => doorStore(eventId), [eventId]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const offline = useOffline();
  const create = trpc.checkIns.create.useMutation();
  const undoMutation = trpc.checkIns.undo.useMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const syncing = useRef(false);

  const changed = useCallback(() => void utils.checkIns.stats.invalidate({ eventId }), [utils, eventId]);

  const refreshList = useCallback(async () => {
    try {
      const [list, settings, event] = await Promise.all([
        utils.checkIns.offlineList.fetch({ eventId }, { staleTime: 0 }),
        utils.settings.get.ensureData(),
        utils.events.get.ensureData({ id: eventId }),
      ]);
      const zone = settings.timeZone ?? businessZone.get();
      await store.change((current) =>
        withFreshList(current, { generatedAt: list.generatedAt, zone, title: event.title, tickets: list.tickets }),
      );
    } catch {
      // kept as it was: the last list fetched is what offline scans are judged by
    }
  }, [utils, eventId, store]);

  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      for (let next = store.get().queue[0]; next; next = store.get().queue[0]) {
        const scan: QueuedScan = next;
        const without = (s: DoorState) => ({ ...s, queue: s.queue.filter((q) => q.key !== scan.key) });
        try {
          const answer = await create.mutateAsync({
            ticketId: scan.ticketId,
            eventId,
            scannedAt: scan.scannedAt,
            idempotencyKey: scan.key,
          });
          await store.change((s) =>
            withRecentState(withCheckIn(without(s), scan.ticketId, answer.checkedInAt, answer.checkedInBy), scan.key, 'sent'),
          );
        } catch (error) {
          const failure = syncFailure(error);
          if (failure.later) return;
          await store.change((s) => {
            const ticket = s.list?.tickets.find((t) => t.ticketId === scan.ticketId);
            const conflict = {
              key: scan.key,
              attendeeName: ticket?.attendeeName ?? null,
              ticketTypeName: ticket?.ticketTypeName ?? '',
              scannedAt: scan.scannedAt,
              message: failure.message,
            };
            return withRecentState({ ...without(s), conflicts: [...s.conflicts, conflict] }, scan.key, 'refused', failure.message);
          });
        }
      }
    } finally {
      syncing.current = false;
      changed();
    }
  }, [store, create, eventId, changed]);

  const admittedOnline = (id: string, answer: CheckInAnswer): RecentScan => ({
    id,
    at: answer.checkedInAt,
    admitted: true,
    attendeeName: answer.ticket.attendeeName,
    ticketTypeName: answer.ticket.ticketTypeName,
    message: null,
    ticketId: answer.ticket.id,
    state: 'sent',
  });

  /** One scan: the answer is the newest line of the last scans. */
  const scan = async (typed: string) => {
    const code = normalizeTicketCode(typed);
    if (!code) return;
    setNotice(null);
    const id = crypto.randomUUID();
    const codeHash = await hashTicketCode(code);
    const current = store.get();
    const queued = current.queue.find((q) => q.codeHash === codeHash);
    const ticket = current.list?.tickets.find((t) => t.codeHash === codeHash);
    const zone = current.list?.zone ?? businessZone.get();
    // A scan still waiting here is refused at once, online too: the server does not know it yet.
    if (!offline && !queued) {
      try {
        const answer = await create.mutateAsync({ code, eventId, idempotencyKey: id });
        await store.change((s) =>
          withRecent(withCheckIn(s, answer.ticket.id, answer.checkedInAt, answer.checkedInBy), admittedOnline(id, answer)),
        );
        changed();
        return;
      } catch (error) {
        if (!isUnreachable(error)) {
          await store.change((s) =>
            withRecent(s, refused(id, errorMessage(error, 'The ticket could not be checked in. Please try again.'))),
          );
          return;
        }
      }
    }
    const verdict =
      current.list || queued ? judgeOffline(ticket, queued, zone, username()) : { admitted: false as const, message: noListMessage };
    if (!verdict.admitted) {
      await store.change((s) => withRecent(s, refused(id, verdict.message)));
      return;
    }
    const scannedAt = new Date().toISOString();
    const { ticketId, attendeeName, ticketTypeName } = verdict.ticket;
    await store.change((s) =>
      withRecent(
        { ...s, queue: [...s.queue, { key: id, codeHash, ticketId, scannedAt }] },
        { id, at: scannedAt, admitted: true, attendeeName, ticketTypeName, message: null, ticketId, state: 'queued' },
      ),
    );
  };

  /** Undo: a queued scan leaves the queue; a sent one is undone on the server (which needs it). */
  const undo = async (recent: RecentScan) => {
    setNotice(null);
    if (recent.state === 'queued') {
      await store.change((s) => withRecentState({ ...s, queue: s.queue.filter((q) => q.key !== recent.id) }, recent.id, 'undone'));
      return;
    }
    if (!recent.ticketId) return;
    try {
      await undoMutation.mutateAsync({ ticketId: recent.ticketId });
      await store.change((s) => withRecentState(withCheckIn(s, recent.ticketId!, null, null), recent.id, 'undone'));
      changed();
    } catch (error) {
      setNotice(errorMessage(error, 'Undo needs the connection: try again once it is back.'));
    }
  };

  const dismissConflict = (key: string) => void store.change((s) => ({ ...s, conflicts: s.conflicts.filter((c) => c.key !== key) }));

  // The browser says the network is back: ask the server now rather than at the next backoff step.
  const queryClient = useQueryClient();
  useEffect(() => {
    const back = () => void (connection.get().reachable ? undefined : retryNow(queryClient));
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [queryClient]);

  const waiting = state.queue.length;
  useEffect(() => {
    if (offline || !state.loaded) return;
    void refreshList();
    const timer = setInterval(() => void refreshList(), listEveryMs);
    return () => clearInterval(timer);
  }, [offline, state.loaded, refreshList]);
  useEffect(() => {
    if (offline || !state.loaded || waiting === 0) return;
    void sync();
    const timer = setInterval(() => void sync(), syncEveryMs);
    return () => clearInterval(timer);
  }, [offline, state.loaded, waiting, sync]);

  return { state, offline, notice, scan, undo, dismissConflict };
}
