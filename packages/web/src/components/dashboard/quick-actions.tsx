import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CreateEventDialog } from '../events/create-event-dialog.tsx';
import { DownloadIcon, PlusIcon, UserPlusIcon } from '../ui/icons.tsx';
import { Panel } from './panel.tsx';

/** Quick Actions: create an event (the wizard), go add a customer (the customers page), go to the reports and their exports. */
export function QuickActions({ className }: { className?: string }) {
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Panel title="Quick Actions" description="Common tasks, one click away" testId="quick-actions" className={className}>
        <div className="grid gap-2">
          <button type="button" className="btn btn-primary justify-start" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create New Event
          </button>
          <Link to="/customers" className="btn btn-outline justify-start">
            <UserPlusIcon />
            Add Customer
          </Link>
          <Link to="/reports" className="btn btn-outline justify-start">
            <DownloadIcon />
            Export Reports
          </Link>
        </div>
      </Panel>
      <CreateEventDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
