import type { DeliveryInfo, WebhookInfo } from '@event-admin/core/webhook/webhook.schema';
import { DataTable, queryStates, type Column } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { LoadMore } from '../ui/load-more.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { useConfirmed, wasCancelled } from '../security/confirm-password-dialog.tsx';

/** Where a delivery stands, in words. */
function outcome(d: DeliveryInfo) {
  if (d.deliveredAt) return `Delivered ${formatDateTime(d.deliveredAt)}`;
  if (d.failedAt) return `Failed: ${d.lastError ?? 'no answer'}`;
  if (d.attempts === 0) return 'Waiting to be sent';
  return `${d.lastError ?? 'Failed'}; next attempt ${formatDateTime(d.nextAttemptAt!)}`;
}

/** An endpoint's deliveries, newest first, each with its attempts and a Retry. */
export function DeliveryLogDialog({ endpoint, onClose }: { endpoint: WebhookInfo | null; onClose: () => void }) {
  return (
    <Dialog open={endpoint !== null} onClose={onClose} title="Delivery log" description={endpoint?.url} size="lg">
      {endpoint && <DeliveryLog endpoint={endpoint} />}
    </Dialog>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookInfo }) {
  const utils = trpc.useUtils();
  const log = trpc.webhooks.deliveries.useInfiniteQuery(
    { id: endpoint.id, limit: 25 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, refetchInterval: 5000 },
  );
  // sent to a URL the endpoint has since changed to, a retry is an account change: the password is asked for then
  const retry = useConfirmed(trpc.webhooks.retry.useMutation());
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];
  const again = async (delivery: DeliveryInfo) => {
    try {
      await retry.mutateAsync({ id: endpoint.id, deliveryId: delivery.id });
      toast({ title: 'Delivery queued', description: `${delivery.eventType} is sent again within a few seconds.`, variant: 'success' });
      await utils.webhooks.deliveries.invalidate({ id: endpoint.id });
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to queue the delivery', error);
    }
  };
  const columns: Column<DeliveryInfo>[] = [
    { id: 'event', header: 'Event', cell: (d) => <code>{d.eventType}</code> },
    { id: 'created', header: 'Created', cell: (d) => formatDateTime(d.createdAt), className: 'whitespace-nowrap' },
    { id: 'attempts', header: 'Attempts', cell: (d) => d.attempts, align: 'right', className: 'tabular-nums' },
    { id: 'status', header: 'Last status', cell: (d) => d.lastStatus ?? '—', align: 'right', className: 'tabular-nums' },
    { id: 'outcome', header: 'Outcome', cell: outcome },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (d) =>
        d.deliveredAt === null && d.failedAt === null ? null : (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label={`Retry ${d.eventType} of ${formatDateTime(d.createdAt)}`}
            onClick={() => void again(d)}
          >
            Retry
          </button>
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(d) => d.id}
      label="Deliveries"
      {...queryStates(log)}
      loadingRows={3}
      empty="Nothing sent yet. Send a test to see one here."
      footer={
        <LoadMore
          hasMore={log.hasNextPage}
          loading={log.isFetchingNextPage}
          failed={log.isFetchNextPageError}
          onLoadMore={() => void log.fetchNextPage()}
          status={`Showing ${rows.length.toLocaleString('en-US')} deliveries`}
        />
      }
    />
  );
}
