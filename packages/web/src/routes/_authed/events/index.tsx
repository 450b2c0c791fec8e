import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/events/')({
  staticData: { title: 'Events' },
  component: Page,
});

function Page() {
  return <h2 className="text-2xl font-bold">Events</h2>;
}
