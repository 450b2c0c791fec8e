import { useState } from 'react';
import type { ApiTokenInfo, CreatedApiToken } from '@event-admin/core/api-token/api-token.schema';
import { SettingsCard } from '../settings/settings-card.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { CreateApiTokenForm } from './create-api-token-form.tsx';
import { ShownOnce } from './shown-once.tsx';
import { BusyButton } from '../ui/busy-button.tsx';
import { RevokeButton } from '../ui/busy-button.tsx';
import { ScrollTable, actionsHead } from '../ui/scroll-table.tsx';

const isExpired = (token: ApiTokenInfo) => token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();

/** Settings > Security > API tokens: create (the value is shown once), list, revoke. */
export function ApiTokensSection() {
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.list.useQuery();
  const revoke = trpc.tokens.delete.useMutation();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenInfo | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toast({ title: 'Token revoked', description: `${revoking.name} no longer works.`, variant: 'success' });
      if (created?.id === revoking.id) setCreated(null);
      setRevoking(null);
    } catch (error) {
      toastFailure('Failed to revoke token', error);
    } finally {
      await utils.tokens.list.invalidate();
    }
  };

  return (
    <SettingsCard
      title="API tokens"
      description="Integrations call the API with the header Authorization: Bearer <token>. A read-only token can only read."
    >
      <CreateApiTokenForm onCreated={setCreated} />
      {created && (
        <ShownOnce label="New API token" value={created.token} what="The token was" onDone={() => setCreated(null)}>
          <p className="font-semibold">Copy the token for {created.name} now: it is not shown again.</p>
        </ShownOnce>
      )}
      <ScrollTable label="API tokens" className="table table-sm" head={['Name', 'Scope', 'Created', 'Expires', actionsHead]}>
        <tbody>
          {tokens.isPending ? (
            <tr>
              <td colSpan={5}>
                <span className="loading loading-spinner loading-sm" role="status" aria-label="Loading API tokens" />
              </td>
            </tr>
          ) : tokens.isError ? (
            <tr>
              <td colSpan={5} className="text-error">
                <p role="alert">The API tokens could not be loaded.</p>
              </td>
            </tr>
          ) : tokens.data.length === 0 ? (
            <tr>
              <td colSpan={5} className="text-center text-base-content/60">
                No API tokens yet.
              </td>
            </tr>
          ) : (
            tokens.data.map((token) => (
              <tr key={token.id} data-testid="api-token-row">
                <td>{token.name}</td>
                <td>{token.scope === 'read' ? 'Read only' : 'Read and write'}</td>
                <td>{formatDate(token.createdAt)}</td>
                <td>
                  {token.expiresAt ? (
                    isExpired(token) ? (
                      <span className="badge badge-ghost">Expired</span>
                    ) : (
                      formatDate(token.expiresAt)
                    )
                  ) : (
                    'Never'
                  )}
                </td>
                <td className="text-right">
                  <RevokeButton label={`Revoke token ${token.name}`} onClick={() => setRevoking(token)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ScrollTable>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API token?">
        <p>
          Calls with <strong>{revoking?.name}</strong> stop working at once. This cannot be undone.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setRevoking(null)}>
            Cancel
          </button>
          <BusyButton busy={revoke.isPending} className="btn btn-error" type="button" onClick={() => void confirmRevoke()}>
            Revoke Token
          </BusyButton>
        </div>
      </Dialog>
    </SettingsCard>
  );
}
