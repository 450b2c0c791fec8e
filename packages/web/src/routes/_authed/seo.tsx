import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/seo')({
  staticData: { title: 'SEO Management' },
  component: Page,
});

function Page() {
  return <h2 className="text-2xl font-bold">SEO Management</h2>;
}
