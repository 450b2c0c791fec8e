import { useState } from 'react';
import type { TicketTypeInfo } from '@event-admin/core/ticket-type/ticket-type.schema';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { Loaded } from '../ui/load-state.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CapacityPanel } from './capacity-panel.tsx';
import { TicketTypeDialog } from './ticket-type-dialog.tsx';
import { TicketTypesTable, type TicketTypeRow } from './ticket-types-table.tsx';

/**
 * The event page's Tickets tab: the capacity with a sold / held / free bar, and the ticket types
 * (add and edit in one dialog, drag to reorder, delete unless it ever sold).
 */
export function TicketsTab({ eventId }: { eventId: string }) {
  const utils = trpc.useUtils();
  const types = trpc.ticketTypes.list.useQuery({ eventId });
  const figures = trpc.ticketTypes.availability.useQuery({ eventId });
  const [editing, setEditing] = useState<{ type: TicketTypeInfo | null } | null>(null);
  const [deleting, setDeleting] = useState<TicketTypeRow | null>(null);
  const refresh = () =>
    Promise.all([utils.ticketTypes.list.invalidate({ eventId }), utils.ticketTypes.availability.invalidate({ eventId })]);

  const reorder = trpc.ticketTypes.reorder.useMutation({
    onMutate: ({ ids }) => {
      const before = utils.ticketTypes.list.getData({ eventId });
      // the rows move at once; a refusal puts them back
      if (before)
        utils.ticketTypes.list.setData(
          { eventId },
          ids.map((id) => before.find((t) => t.id === id)!),
        );
      return { before };
    },
    onSuccess: (saved) => utils.ticketTypes.list.setData({ eventId }, saved),
    onError: (error, _ids, context) => {
      if (context?.before) utils.ticketTypes.list.setData({ eventId }, context.before);
      toastFailure('Failed to reorder ticket types', error);
    },
  });
  const remove = trpc.ticketTypes.remove.useMutation({
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Success', description: 'Ticket type deleted', variant: 'success' });
      void refresh();
    },
  });

  const onSale = new Map((figures.data?.types ?? []).map((t) => [t.id, t.onSale]));
  const rows: TicketTypeRow[] = (types.data ?? []).map((t) => ({ ...t, onSale: onSale.get(t.id) ?? false }));

  return (
    <div className="flex flex-col gap-8">
      <Loaded query={figures} label="Loading capacity" what="The capacity">
        {(data) => <CapacityPanel eventId={eventId} figures={data} />}
      </Loaded>
      <section aria-labelledby="ticket-types-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="ticket-types-heading" className="text-lg font-semibold">
            Ticket Types
          </h3>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ type: null })}>
            <PlusIcon /> Add Ticket Type
          </button>
        </div>
        <Loaded query={types} label="Loading ticket types" what="The ticket types">
          {() =>
            rows.length === 0 ? (
              <p className="text-sm text-base-content/70">No ticket types yet. Add one to start selling.</p>
            ) : (
              <TicketTypesTable
                rows={rows}
                onReorder={(ids) => reorder.mutate({ eventId, ids })}
                onEdit={(row) => setEditing({ type: row })}
                onDelete={(row) => setDeleting(row)}
              />
            )
          }
        </Loaded>
      </section>
      <TicketTypeDialog open={editing !== null} eventId={eventId} type={editing?.type ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        title="Delete ticket type?"
        confirmLabel="Delete"
        danger
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, version: deleting.version })}
        mutation={remove}
      >
        {deleting && <p>{`${deleting.name} will no longer be offered. A type that has sold or held tickets cannot be deleted.`}</p>}
      </ConfirmDialog>
    </div>
  );
}
