import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useBusinessZone } from '../../lib/business-zone.ts';
import { keepAppForOffline } from '../../lib/offline-app.ts';
import { trpc } from '../../lib/trpc.ts';
import { CheckInStats } from './check-in-stats.tsx';
import { CodeForm } from './code-form.tsx';
import { cameraScanAvailable, fallbackFiles } from './qr-decoder.ts';
import { clockTime, offlineStats } from './door-rules.ts';
import type { DoorState } from './door-store.ts';
import { RecentScans, SyncConflicts } from './recent-scans.tsx';
import { ScanResult } from './scan-result.tsx';
import { useDoor } from './use-door.ts';

const from = '/_authed/events/$eventId_/check-in';

/**
 * The door (issue 31): one code field, the answer large, the counts, the last scans with Undo.
 * Without a connection it goes on with the list fetched beforehand and says so (use-door.ts).
 */
export function CheckInPage() {
  const { eventId } = useParams({ from });
  const door = useDoor(eventId);
  const { state, offline } = door;
  const event = trpc.events.get.useQuery({ id: eventId }, { enabled: !offline });
  const stats = trpc.checkIns.stats.useQuery({ eventId }, { enabled: !offline });
  const businessZone = useBusinessZone();
  const zone = state.list?.zone ?? businessZone;
  // Ready for the network to go: the app's files kept, and the camera's reader where it may be needed.
  useEffect(() => keepAppForOffline(cameraScanAvailable() ? fallbackFiles : undefined), []);

  const title = event.data?.title ?? state.list?.title;
  const counts = offline || !stats.data ? (state.list ? offlineStats(state.list.tickets, state.queue) : undefined) : stats.data;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 pb-24">
      <div>
        <Link
          to="/events/$eventId"
          params={{ eventId }}
          className="link link-hover mb-2 inline-flex items-center gap-1 text-sm text-base-content/70"
        >
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <h2 className="text-2xl font-bold">Check-in</h2>
        {title ? <p className="text-base-content/70">{title}</p> : !offline && <div className="skeleton h-5 w-48" />}
      </div>
      <ConnectionNotice state={state} offline={offline} zone={zone} />
      <CodeForm onScan={door.scan} />
      <ScanResult scan={state.recent[0]} />
      {door.notice && (
        <p role="alert" className="alert alert-warning">
          {door.notice}
        </p>
      )}
      <SyncConflicts conflicts={state.conflicts} zone={zone} onDismiss={door.dismissConflict} />
      <CheckInStats stats={counts} />
      <RecentScans scans={state.recent} zone={zone} onUndo={(scan) => void door.undo(scan)} />
    </div>
  );
}

/** Offline, said plainly with what still works; online, the scans still being sent. */
function ConnectionNotice({ state, offline, zone }: { state: DoorState; offline: boolean; zone: string }) {
  const waiting = state.queue.length;
  const queued = waiting === 1 ? '1 scan is waiting to be sent.' : `${waiting} scans are waiting to be sent.`;
  if (!offline) {
    if (waiting === 0) return null;
    return (
      <p role="status" className="alert alert-info">
        Back online: sending the scans made offline. {queued}
      </p>
    );
  }
  return (
    <div role="status" className="alert alert-warning flex flex-col items-start gap-1" data-testid="offline-notice">
      <p className="font-semibold">Offline</p>
      {state.list ? (
        <p>
          Scans are checked on this device against the ticket list from {clockTime(state.list.generatedAt, zone)} and sent when the
          connection is back. {queued}
        </p>
      ) : (
        <p>This device has no ticket list for this event yet: scans cannot be checked until the connection is back.</p>
      )}
    </div>
  );
}
