import { useId, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import { Dialog } from '../ui/dialog.tsx';
import { BellIcon } from '../ui/icons.tsx';
import { HistoryEntry } from './history-list.tsx';

/** When the administrator last opened the notifications (this browser only). */
const seenKey = 'notificationsSeenAt';
const feedSize = 20;

/**
 * The top bar's bell: the notable history entries (refunds, failed payments, failed sign-ins),
 * newest first, with a count of those newer than the last time the list was opened.
 */
export function NotificationsButton() {
  const badgeId = useId();
  const [open, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(() => readStorage(seenKey) ?? '');
  const feed = trpc.audit.list.useQuery({ notable: true, limit: feedSize });
  const entries = feed.data?.items ?? [];
  const unread = entries.filter((e) => e.at > seenAt).length;

  const show = () => {
    setOpen(true);
    void feed.refetch();
  };
  const close = () => {
    const now = new Date().toISOString();
    writeStorage(seenKey, now);
    setSeenAt(now);
    setOpen(false);
  };

  return (
    <>
      {/* The count sits beside the button, not in it: the button's name stays 'Notifications' (its
          visible text would have to be part of the name, WCAG 2.5.3) and the count describes it. */}
      <span className="indicator">
        {unread > 0 && (
          <span id={badgeId} className="indicator-item badge badge-error badge-xs" data-testid="unread-count" aria-hidden="true">
            {unread >= feedSize ? `${feedSize}+` : unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-square"
          aria-label="Notifications"
          aria-describedby={unread > 0 ? badgeId : undefined}
          onClick={show}
        >
          <BellIcon />
        </button>
      </span>
      <Dialog open={open} onClose={close} title="Notifications" description="Refunds, failed payments and failed sign-ins">
        {feed.isPending ? (
          <div className="skeleton h-24 w-full" />
        ) : entries.length === 0 ? (
          <p className="text-sm text-base-content/70">You have no new notifications.</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {entries.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
