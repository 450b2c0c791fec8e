import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/settings')({
  staticData: { title: 'Settings' },
  component: Page,
});

function Page() {
  return <h2 className="text-2xl font-bold">Settings</h2>;
}
