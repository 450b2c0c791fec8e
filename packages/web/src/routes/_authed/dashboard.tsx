import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: 'Dashboard' },
  component: Page,
});

function Page() {
  return <h2 className="text-2xl font-bold">Dashboard</h2>;
}
