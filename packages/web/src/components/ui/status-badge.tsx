import { capitalize } from '../../lib/format.ts';

// SPEC §4: events green active, slate completed, yellow draft, red cancelled;
// transactions green completed, yellow pending, red failed, grey otherwise (missing = pending);
// team members green active, yellow invited, red disabled.
// In the dark theme the same hues, dimmed behind light text (both pairs keep WCAG's 4.5:1).
const green = 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200';
const yellow = 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/60 dark:text-yellow-200';
const red = 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200';
const eventColors: Record<string, string> = {
  active: green,
  completed: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  draft: yellow,
  cancelled: red,
};
const transactionColors: Record<string, string> = {
  completed: green,
  pending: yellow,
  failed: red,
};
const memberColors: Record<string, string> = {
  active: green,
  invited: yellow,
  disabled: red,
};
const colorsOf = { event: eventColors, transaction: transactionColors, member: memberColors };
const grey = 'bg-gray-100 text-gray-700 dark:bg-gray-700 dark:text-gray-100';

export function StatusBadge({ status, kind }: { status: string | null | undefined; kind: 'event' | 'transaction' | 'member' }) {
  const value = status || (kind === 'transaction' ? 'pending' : 'draft');
  const color = colorsOf[kind][value] ?? grey;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${color}`} data-status={value}>
      {capitalize(value.replace(/_/g, ' '))}
    </span>
  );
}
