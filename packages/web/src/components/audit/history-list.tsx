import type { AuditEntity, AuditEntry } from '@event-admin/core/audit/audit.schema';
import { trpc } from '../../lib/trpc.ts';

// Made on first use: the first Intl formatter of a page loads the locale's data (lib/numbers.ts).
let when: Intl.DateTimeFormat | undefined;
const shown = (value: AuditEntry['changes'][number]['from']) => (value === null || value === '' ? '—' : String(value));

/** One history record: when, who, what, and each changed field's before and after. */
export function HistoryEntry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="py-2" data-testid="history-entry">
      <p className="text-sm">
        <span className="font-medium">{entry.summary}</span>
      </p>
      <p className="text-xs text-base-content/60">
        {(when ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(entry.at))} ·{' '}
        {entry.actor}
      </p>
      {entry.changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs">
          {entry.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-mono">{change.field}</span>: <del className="text-base-content/60">{shown(change.from)}</del> →{' '}
              <ins className="no-underline">{shown(change.to)}</ins>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The history of one event, customer or transaction (or the whole feed without `entity`),
 * newest first, a page at a time from audit.list.
 */
export function HistoryList({ entity, id, pageSize = 20 }: { entity?: AuditEntity; id?: string; pageSize?: number }) {
  const history = trpc.audit.list.useInfiniteQuery(
    { entity, id, limit: pageSize },
    // read afresh each time it is shown: the changes it lists happen elsewhere on the page
    { getNextPageParam: (last) => last.nextCursor ?? undefined, staleTime: 0, refetchOnMount: 'always' },
  );
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (history.isPending) return <p className="py-4 text-sm text-base-content/70">Loading history...</p>;
  if (history.isError && entries.length === 0) {
    return (
      <div className="py-4 text-sm" role="alert">
        Could not load the history.{' '}
        <button type="button" className="btn btn-link btn-sm" onClick={() => void history.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (entries.length === 0) return <p className="py-4 text-sm text-base-content/70">No changes recorded yet.</p>;
  return (
    <div aria-label="History">
      <ul className="divide-y divide-base-300">
        {entries.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      {history.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-sm mt-2"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
        </button>
      )}
    </div>
  );
}
