import { useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { EventsTableRow } from './events-table.tsx';
import { formatCount } from '../../lib/numbers.ts';

type Action = 'archive' | 'unarchive' | 'delete';

const labels: Record<Action, string> = { archive: 'Archive', unarchive: 'Unarchive', delete: 'Delete' };
const plural = (n: number) => `${formatCount(n)} ${n === 1 ? 'event' : 'events'}`;

/** What each action keeps and what it takes away, said before it runs. */
const consequences: Record<Action, string> = {
  archive:
    'They leave the events list, the dashboard and the SEO page; their transactions, sales and page views stay counted in the totals, reports and exports. They can be unarchived at any time.',
  unarchive: 'They come back onto the events list, the dashboard and the SEO page.',
  delete:
    'Events without transactions are deleted with their SEO, call to action, content blocks and page views; the totals stop counting them. Events with transactions are left as they are (archive them instead). This cannot be undone.',
};

/** Changes at once: enough to be quick, few enough not to crowd the store. */
const concurrency = 4;

/**
 * The events list's bulk bar: Archive (Unarchive while the Archived filter is on) and Delete,
 * each asking first. Every event is changed on its own, so one refused (it has transactions, it
 * was changed meanwhile) leaves the others done; the refusals are listed after.
 */
export function EventBulkActions({ rows, clear, archived }: { rows: EventsTableRow[]; clear: () => void; archived: boolean }) {
  const utils = trpc.useUtils();
  const archive = trpc.events.archive.useMutation();
  const unarchive = trpc.events.unarchive.useMutation();
  const remove = trpc.events.delete.useMutation();
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ title: string; reason: string }[]>([]);

  const run = async () => {
    if (!action) return;
    setBusy(true);
    const call = { archive: archive.mutateAsync, unarchive: unarchive.mutateAsync, delete: remove.mutateAsync }[action];
    const failures: { title: string; reason: string }[] = [];
    const queue = [...rows];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let event = queue.shift(); event; event = queue.shift()) {
          try {
            await call({ id: event.id });
          } catch (error) {
            failures.push({ title: event.title, reason: errorMessage(error, 'It could not be changed. Please try again.') });
          }
        }
      }),
    );
    setBusy(false);
    const done = rows.length - failures.length;
    setAction(null);
    setRefused(failures);
    if (done > 0) toast({ title: `${labels[action]}d ${plural(done)}`, variant: 'success' });
    // the refused stay selected (and this bar with its list of why) until the list is read
    if (!failures.length) clear();
    await Promise.all([utils.events.invalidate(), utils.dashboard.invalidate(), utils.seo.page.invalidate()]);
  };

  const first: Action = archived ? 'unarchive' : 'archive';
  return (
    <>
      {([first, 'delete'] as const).map((key) => (
        <button key={key} type="button" className={`btn btn-sm ${key === 'delete' ? 'btn-error' : ''}`} onClick={() => setAction(key)}>
          {labels[key]}
        </button>
      ))}
      <ConfirmDialog
        open={action !== null}
        title={`${action ? labels[action] : ''} ${plural(rows.length)}?`}
        confirmLabel={action ? `${labels[action]} ${plural(rows.length)}` : ''}
        danger={action === 'delete'}
        busy={busy}
        onConfirm={() => void run()}
        onClose={() => setAction(null)}
      >
        {action && consequences[action]}
      </ConfirmDialog>
      <ConfirmDialog
        open={refused.length > 0}
        title={`${plural(refused.length)} not changed`}
        confirmLabel="OK"
        onConfirm={() => {
          setRefused([]);
          clear();
        }}
        onClose={() => {
          setRefused([]);
          clear();
        }}
      >
        <ul className="list-disc pl-5" data-testid="bulk-refusals">
          {refused.map((r) => (
            <li key={r.title}>
              {r.title}: {r.reason}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
