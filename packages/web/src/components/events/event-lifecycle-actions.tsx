import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { EventInfo } from '@event-admin/core/event/event.schema';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatEventDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

type Action = 'archive' | 'unarchive' | 'delete';

const titles: Record<Action, string> = { archive: 'Archive event?', unarchive: 'Unarchive event?', delete: 'Delete event?' };
const labels: Record<Action, string> = { archive: 'Archive Event', unarchive: 'Unarchive Event', delete: 'Delete Event' };

/** What each action keeps and what it takes away, said before it runs. */
function consequences(action: Action, event: EventInfo) {
  const name = `${event.title} (${formatEventDate(event)})`;
  if (action === 'archive') {
    return `${name} leaves the events list, the dashboard's panels and the SEO page. Its transactions, sales and page views stay counted in the totals, the reports and the exports, and it can be unarchived at any time.`;
  }
  if (action === 'unarchive') return `${name} comes back onto the events list, the dashboard's panels and the SEO page.`;
  return `${name} is deleted with its SEO, call to action, content blocks and page views, and the totals and reports no longer count it. Only an event with no transactions can be deleted. The history keeps a record of it. This cannot be undone.`;
}

/**
 * The event page's Archive, Unarchive and Delete, each asking first. An archived event says so
 * above its tabs, with Unarchive beside it. A refusal (a transaction, a newer version) shows in
 * the confirmation. `children` lead the row (the Check-in button).
 */
export function EventLifecycleActions({ event, children }: { event: EventInfo; children?: ReactNode }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [action, setAction] = useState<Action | null>(null);
  const archive = trpc.events.archive.useMutation();
  const unarchive = trpc.events.unarchive.useMutation();
  const remove = trpc.events.delete.useMutation();
  const mutation = action === 'delete' ? remove : action === 'unarchive' ? unarchive : archive;
  const close = () => {
    mutation.reset();
    setAction(null);
  };
  const lists = () =>
    Promise.all([
      utils.events.page.invalidate(),
      utils.events.recent.invalidate(),
      utils.dashboard.invalidate(),
      utils.seo.page.invalidate(),
    ]);

  const run = async () => {
    if (!action) return;
    try {
      if (action === 'delete') {
        await remove.mutateAsync({ id: event.id, version: event.version });
      } else {
        const saved = await (action === 'archive' ? archive : unarchive).mutateAsync({ id: event.id, version: event.version });
        utils.events.get.setData({ id: event.id }, saved);
      }
    } catch {
      return; // shown in the confirmation
    }
    const done = action;
    close();
    if (done === 'delete') {
      toast({ title: 'Event deleted', description: `${event.title} has been deleted.`, variant: 'success' });
      void navigate({ to: '/events' });
    } else {
      toast({ title: done === 'archive' ? 'Event archived' : 'Event unarchived', description: event.title, variant: 'success' });
    }
    await lists();
  };

  return (
    <>
      {event.archivedAt && (
        <div role="status" className="alert alert-warning mb-4 flex flex-wrap justify-between gap-2" data-testid="archived-alert">
          <span>This event is archived (since {formatDate(event.archivedAt)}): it is not on the events list or the dashboard.</span>
          <button type="button" className="btn btn-sm" onClick={() => setAction('unarchive')}>
            Unarchive
          </button>
        </div>
      )}
      <div className="mb-4 flex flex-wrap justify-end gap-2">
        {children}
        {!event.archivedAt && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAction('archive')}>
            Archive
          </button>
        )}
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setAction('delete')}>
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={action !== null}
        title={action ? titles[action] : ''}
        confirmLabel={action ? labels[action] : ''}
        danger={action === 'delete'}
        busy={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error, 'The event could not be changed. Please try again.') : null}
        onConfirm={() => void run()}
        onClose={close}
      >
        {action && consequences(action, event)}
      </ConfirmDialog>
    </>
  );
}
