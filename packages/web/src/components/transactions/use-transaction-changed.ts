import { trpc } from '../../lib/trpc.ts';

/** After a status change or refund: everything that shows the transaction or the figures it moves reads again. */
export function useTransactionChanged() {
  const utils = trpc.useUtils();
  return () =>
    void Promise.all([
      utils.transactions.invalidate(),
      utils.customers.transactionHistory.invalidate(),
      utils.dashboard.invalidate(),
      utils.events.invalidate(),
      utils.audit.invalidate(),
    ]);
}
