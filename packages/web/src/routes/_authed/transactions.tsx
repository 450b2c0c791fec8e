import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/transactions')({
  staticData: { title: 'Transactions' },
  component: Page,
});

function Page() {
  return <h2 className="text-2xl font-bold">Transactions</h2>;
}
