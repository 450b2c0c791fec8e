import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/customers')({
  staticData: { title: 'Customers' },
  component: Page,
});

function Page() {
  return <h2 className="text-2xl font-bold">Customers</h2>;
}
