import type { RecentScan } from './door-store.ts';

/**
 * The answer to the last scan, large enough to read from arm's length: green with who came in and
 * their ticket type, or red with the refusal's exact words. Announced as it changes.
 */
export function ScanResult({ scan }: { scan: RecentScan | undefined }) {
  return (
    <div aria-live="assertive" aria-atomic="true" data-testid="scan-result">
      {scan &&
        (scan.admitted ? (
          <div className="rounded-box bg-success p-5 text-success-content">
            <p className="text-lg font-semibold">
              <span aria-hidden="true">✓ </span>
              {scan.state === 'queued' ? 'Admitted (offline)' : 'Admitted'}
            </p>
            <p className="text-3xl font-bold break-words">{scan.attendeeName || 'No name on the ticket'}</p>
            <p className="text-xl">{scan.ticketTypeName}</p>
          </div>
        ) : (
          <div className="rounded-box bg-error p-5 text-error-content">
            <p className="text-lg font-semibold">
              <span aria-hidden="true">✕ </span>Not admitted
            </p>
            <p className="text-2xl font-bold break-words">{scan.message}</p>
          </div>
        ))}
    </div>
  );
}
