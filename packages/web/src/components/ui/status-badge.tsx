import { capitalize } from '../../lib/format.ts';

// SPEC §4: events green active, slate completed, yellow draft, red cancelled;
// transactions green completed, yellow pending, red failed, grey otherwise (missing = pending).
const eventColors: Record<string, string> = {
  active: 'bg-green-100 text-green-800',
  completed: 'bg-slate-200 text-slate-800',
  draft: 'bg-yellow-100 text-yellow-800',
  cancelled: 'bg-red-100 text-red-800',
};
const transactionColors: Record<string, string> = {
  completed: 'bg-green-100 text-green-800',
  pending: 'bg-yellow-100 text-yellow-800',
  failed: 'bg-red-100 text-red-800',
};
const grey = 'bg-gray-100 text-gray-700';

export function StatusBadge({ status, kind }: { status: string | null | undefined; kind: 'event' | 'transaction' }) {
  const value = status || (kind === 'transaction' ? 'pending' : 'draft');
  const color = (kind === 'event' ? eventColors : transactionColors)[value] ?? grey;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${color}`} data-status={value}>
      {capitalize(value.replace(/_/g, ' '))}
    </span>
  );
}
