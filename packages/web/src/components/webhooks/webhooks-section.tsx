import { useState } from 'react';
import type { WebhookForm, WebhookInfo } from '@event-admin/core/webhook/webhook.schema';
import { useConfirmed, wasCancelled } from '../security/confirm-password-dialog.tsx';
import { ShownOnce } from '../security/shown-once.tsx';
import { SettingsCard } from '../settings/settings-card.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DataTable, queryStates, type Column } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { trpc } from '../../lib/trpc.ts';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import { WebhookFormFields } from './webhook-form.tsx';

/** A signing secret the server answered this once: a new endpoint's, or a rotated one. */
interface ShownSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

/**
 * Settings > Integrations > Webhooks: add an endpoint (its signing secret shown once), and for
 * each: send a test, its delivery log, edit, turn off or on, rotate its secret, delete. Every
 * change to an endpoint is an account change: the password is asked for when the server wants it.
 */
export function WebhooksSection() {
  const utils = trpc.useUtils();
  const endpoints = trpc.webhooks.list.useQuery();
  const create = useConfirmed(trpc.webhooks.create.useMutation());
  const update = useConfirmed(trpc.webhooks.update.useMutation());
  const remove = useConfirmed(trpc.webhooks.delete.useMutation());
  const rotate = useConfirmed(trpc.webhooks.rotateSecret.useMutation());
  const test = trpc.webhooks.test.useMutation();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [editing, setEditing] = useState<WebhookInfo | null>(null);
  const [deleting, setDeleting] = useState<WebhookInfo | null>(null);
  const [rotating, setRotating] = useState<WebhookInfo | null>(null);
  const [log, setLog] = useState<WebhookInfo | null>(null);
  const refresh = () => utils.webhooks.list.invalidate();

  const add = async (values: WebhookForm) => {
    try {
      const created = await create.mutateAsync(values);
      setShown({ url: created.url, secret: created.secret, rotated: false });
      await refresh();
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to add webhook', error);
      throw error;
    }
  };
  const save = async (values: WebhookForm) => {
    if (!editing) return;
    try {
      await update.mutateAsync({ id: editing.id, ...values });
      toast({ title: 'Webhook saved', description: values.url, variant: 'success' });
      setEditing(null);
      await refresh();
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to save webhook', error);
      throw error;
    }
  };
  const toggle = async (endpoint: WebhookInfo) => {
    try {
      await update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled });
      toast({ title: endpoint.enabled ? 'Webhook turned off' : 'Webhook turned on', description: endpoint.url, variant: 'success' });
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to change the webhook', error);
    } finally {
      await refresh();
    }
  };
  const ping = async (endpoint: WebhookInfo) => {
    try {
      await test.mutateAsync({ id: endpoint.id });
      toast({ title: 'Test sent', description: 'A ping is on its way; its delivery shows in the log.', variant: 'success' });
    } catch (error) {
      toastFailure('Failed to send a test', error);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      toast({ title: 'Webhook deleted', description: deleting.url, variant: 'success' });
      setDeleting(null);
      await refresh();
    } catch {
      // shown in the confirmation (a cancelled password: nothing to show)
    }
  };
  const confirmRotate = async () => {
    if (!rotating) return;
    try {
      const rotated = await rotate.mutateAsync({ id: rotating.id });
      setShown({ url: rotated.url, secret: rotated.secret, rotated: true });
      setRotating(null);
    } catch {
      // shown in the confirmation
    }
  };

  const columns: Column<WebhookInfo>[] = [
    {
      id: 'url',
      header: 'Endpoint',
      cell: (e) => (
        <div className="min-w-0">
          <div className="truncate font-medium">{e.url}</div>
          {e.description && <div className="text-xs text-base-content/70">{e.description}</div>}
          {e.createdBy && <div className="text-xs text-base-content/70">Added by {e.createdBy}</div>}
        </div>
      ),
      className: 'max-w-72',
    },
    { id: 'events', header: 'Events', cell: (e) => e.events.join(', '), className: 'text-xs' },
    {
      id: 'state',
      header: 'State',
      cell: (e) => (
        <div>
          <span className={`badge badge-sm ${e.enabled ? 'badge-success' : 'badge-ghost'}`}>{e.enabled ? 'On' : 'Off'}</span>
          {e.disabledReason && <div className="text-xs text-base-content/70">{e.disabledReason}</div>}
        </div>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (e) => (
        <div className="flex flex-wrap justify-end gap-1">
          <button type="button" className="btn btn-ghost btn-xs" disabled={!e.enabled} onClick={() => void ping(e)}>
            Send test
          </button>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setLog(e)}>
            Deliveries
          </button>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(e)}>
            Edit
          </button>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => void toggle(e)}>
            {e.enabled ? 'Turn off' : 'Turn on'}
          </button>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setRotating(e)}>
            Rotate secret
          </button>
          <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(e)}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <SettingsCard
      title="Webhooks"
      wide
      description="Tell other systems when sales, refunds, events and customers change: each change is sent, signed, to the endpoints that want it, and retried for a day if they do not answer."
    >
      <WebhookFormFields busy={create.isPending} submitLabel="Add Webhook" onSave={add} />
      {shown && (
        <ShownOnce label="Signing secret" value={shown.secret} what="The secret was" onDone={() => setShown(null)}>
          <p className="font-semibold">
            Copy the {shown.rotated ? 'new ' : ''}signing secret for {shown.url} now: it is not shown again.
            {shown.rotated && ' For 24 hours deliveries are signed with the old secret too.'}
          </p>
        </ShownOnce>
      )}
      <DataTable
        columns={columns}
        rows={endpoints.data ?? []}
        rowKey={(e) => e.id}
        label="Webhooks"
        {...queryStates(endpoints)}
        loadingRows={2}
        empty="No webhooks yet."
      />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title="Edit Webhook">
        {editing && (
          <WebhookFormFields
            endpoint={editing}
            busy={update.isPending}
            submitLabel="Save Webhook"
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook?"
        confirmLabel="Delete Webhook"
        danger
        mutation={remove}
        failure="The webhook could not be deleted. Please try again."
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.url} stops receiving changes, and its delivery log is deleted with it.
      </ConfirmDialog>
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate signing secret?"
        confirmLabel="Rotate Secret"
        mutation={rotate}
        failure="The secret could not be rotated. Please try again."
        onConfirm={() => void confirmRotate()}
        onClose={() => setRotating(null)}
      >
        {rotating?.url} gets a new signing secret, shown once. For 24 hours each delivery carries a signature by the old secret too, so the
        receiver can switch without losing one.
      </ConfirmDialog>
      <DeliveryLogDialog endpoint={log} onClose={() => setLog(null)} />
    </SettingsCard>
  );
}
