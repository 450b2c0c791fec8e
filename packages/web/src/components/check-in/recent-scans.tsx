import { clockTime, type Conflict } from './door-rules.ts';
import type { RecentScan } from './door-store.ts';

const stateLabels: Record<RecentScan['state'], string> = {
  sent: 'Checked in',
  queued: 'Waiting to be sent',
  undone: 'Undone',
  refused: 'Refused',
};

/** The last 10 scans, newest first, each admitted one with its Undo. */
export function RecentScans({ scans, zone, onUndo }: { scans: RecentScan[]; zone: string; onUndo: (scan: RecentScan) => void }) {
  if (scans.length === 0) return null;
  return (
    <section aria-labelledby="recent-scans" className="rounded-box bg-base-100 p-4 shadow-sm">
      <h3 id="recent-scans" className="text-lg font-semibold">
        Last scans
      </h3>
      <ul className="mt-2 flex flex-col divide-y divide-base-300">
        {scans.map((scan) => {
          const who = scan.admitted ? `${scan.attendeeName || 'No name'} · ${scan.ticketTypeName}` : scan.message;
          return (
            <li key={scan.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{who}</p>
                <p className="text-sm text-base-content/70">
                  {clockTime(scan.at, zone)} · {stateLabels[scan.state]}
                  {scan.admitted && scan.state === 'refused' && scan.message ? `: ${scan.message}` : ''}
                </p>
              </div>
              {scan.admitted && (scan.state === 'sent' || scan.state === 'queued') && (
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={`Undo check-in of ${scan.attendeeName || 'this ticket'}`}
                  onClick={() => onUndo(scan)}
                >
                  Undo
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Scans admitted here offline that the server refused when they were sent (the ticket was checked
 * in at another door meanwhile): both times shown, kept until someone has seen them.
 */
export function SyncConflicts({ conflicts, zone, onDismiss }: { conflicts: Conflict[]; zone: string; onDismiss: (key: string) => void }) {
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="sync-conflicts" className="rounded-box border-2 border-error bg-base-100 p-4" data-testid="sync-conflicts">
      <h3 id="sync-conflicts" className="text-lg font-semibold">
        Conflicts: admitted here while offline, refused by the server
      </h3>
      <ul className="mt-2 flex flex-col divide-y divide-base-300">
        {conflicts.map((conflict) => (
          <li key={conflict.key} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words">
                {conflict.attendeeName || 'No name'} · {conflict.ticketTypeName}
              </p>
              <p className="text-sm">
                Scanned here at {clockTime(conflict.scannedAt, zone)}. {conflict.message}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Dismiss the conflict of ${conflict.attendeeName || 'this ticket'}`}
              onClick={() => onDismiss(conflict.key)}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
