import { useState } from 'react';
import { formatCents, parseAmountToCents } from '@event-admin/core/transaction/money';
import { maxBulkIds, type BulkAction, type BulkResult, type TransactionRow } from '@event-admin/core/transaction/transaction.schema';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useTransactionChanged } from './use-transaction-changed.ts';
import { formatCount } from '../../lib/numbers.ts';

const labels: Record<BulkAction, string> = { complete: 'Complete', fail: 'Fail', refund: 'Refund' };
const plural = (n: number) => `${formatCount(n)} ${n === 1 ? 'transaction' : 'transactions'}`;

/**
 * The bulk bar's actions on the selected transactions: Complete, Fail, Refund. Each asks first,
 * naming how many and the amount, then shows which ones were refused and why.
 */
export function BulkActions({ rows, clear }: { rows: TransactionRow[]; clear: () => void }) {
  const [action, setAction] = useState<BulkAction | null>(null);
  const [reason, setReason] = useState('');
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const bulk = trpc.transactions.bulk.useMutation();
  const changed = useTransactionChanged();
  const tooMany = rows.length > maxBulkIds;
  const total = formatCents(rows.reduce((sum, row) => sum + (parseAmountToCents(row.amount) ?? 0), 0));
  const reasonMissing = action === 'refund' && reason.trim() === '';

  const run = async () => {
    if (!action || reasonMissing) return;
    try {
      const done = await bulk.mutateAsync({ ids: rows.map((r) => r.id), action, ...(action === 'refund' ? { reason } : {}) });
      setAction(null);
      setReason('');
      setResults(done.results);
      changed();
    } catch {
      // shown in the confirmation
    }
  };

  const refused = results?.filter((r) => !r.ok) ?? [];
  const names = new Map(
    rows.map((r) => [r.id, `${r.amount} · ${r.customerName ?? 'Unknown Customer'} · ${r.eventTitle ?? 'Unknown Event'}`]),
  );
  return (
    <>
      {(['complete', 'fail', 'refund'] as const).map((key) => (
        <button key={key} type="button" className="btn btn-sm" disabled={tooMany} onClick={() => setAction(key)}>
          {labels[key]}
        </button>
      ))}
      {tooMany && <span className="text-sm text-base-content/70">At most {maxBulkIds} at once</span>}
      <ConfirmDialog
        open={action !== null}
        title={`${action ? labels[action] : ''} ${plural(rows.length)}?`}
        confirmLabel={action ? `${labels[action]} ${plural(rows.length)}` : ''}
        danger={action !== 'complete'}
        busy={bulk.isPending}
        error={bulk.isError ? errorMessage(bulk.error, 'The action could not be run. Please try again.') : null}
        onConfirm={() => void run()}
        onClose={() => {
          bulk.reset();
          setAction(null);
        }}
      >
        <p data-testid="bulk-summary">
          {action === 'complete' && `Mark ${plural(rows.length)} (${total} in total) as completed. Only pending ones change.`}
          {action === 'fail' && `Mark ${plural(rows.length)} (${total} in total) as failed. Only pending ones change.`}
          {action === 'refund' && `Refund what remains of ${plural(rows.length)}, at most ${total} in total.`}
        </p>
        {action === 'refund' && (
          <div className="mt-3">
            <Field label="Reason" hint="A reason for the refund is required.">
              {(props) => (
                <textarea
                  {...props}
                  className="textarea textarea-bordered w-full"
                  rows={2}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              )}
            </Field>
          </div>
        )}
      </ConfirmDialog>
      <Dialog
        open={results !== null}
        onClose={() => {
          setResults(null);
          clear();
        }}
        title="Bulk action results"
        description={results ? `${results.length - refused.length} done, ${refused.length} refused` : undefined}
      >
        {refused.length === 0 ? (
          <p className="text-sm">Every selected transaction was done.</p>
        ) : (
          <ul className="space-y-2 text-sm" aria-label="Refused">
            {refused.map((r) => (
              <li key={r.id} data-testid="bulk-refused">
                <span className="font-medium">{names.get(r.id) ?? r.id}</span>
                <br />
                <span className="text-error">{r.error}</span>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
