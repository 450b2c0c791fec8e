import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { CreateEventDialog } from '../events/create-event-dialog.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { toast } from '../ui/toast.tsx';
import { DownloadIcon, UserPlusIcon } from './dashboard-icons.tsx';
import { downloadText, eventsCsv, eventsCsvFileName } from './events-csv.ts';
import { Panel } from './panel.tsx';

/** Quick Actions: create an event (the wizard), go add a customer (the customers page), export the events as CSV. */
export function QuickActions({ className }: { className?: string }) {
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const [creating, setCreating] = useState(false);

  const exportReports = async () => {
    setExporting(true);
    try {
      // The dashboard already holds the list; this only calls the server when it does not.
      const events = await utils.events.list.fetch();
      const fileName = eventsCsvFileName();
      downloadText(fileName, eventsCsv(events));
      toast({ title: 'Report exported', description: `${events.length} events saved to ${fileName}.`, variant: 'success' });
    } catch {
      toast({ title: 'Export failed', description: 'The events could not be loaded. Please try again.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

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
          <button type="button" className="btn btn-outline justify-start" onClick={() => void exportReports()} disabled={exporting}>
            {exporting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <DownloadIcon />}
            {exporting ? 'Exporting...' : 'Export Reports'}
          </button>
        </div>
      </Panel>
      <CreateEventDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
