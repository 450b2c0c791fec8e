import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { optionalText, searchReader } from '../../lib/search-params.ts';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { SeoEditDialog } from '../../components/seo/seo-edit-dialog.tsx';
import { SeoTable, type SeoRow } from '../../components/seo/seo-table.tsx';
import { SeoTips } from '../../components/seo/seo-tips.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { trpc } from '../../lib/trpc.ts';

export const Route = createFileRoute('/_authed/seo')({
  staticData: { title: 'SEO Management' },
  validateSearch: searchReader((search) => ({ q: optionalText(search.q) })),
  component: SeoPage,
});

type SeoTab = 'events' | 'tips';

function SeoPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  const [query, setQuery] = useState(search.q ?? '');
  const deferredQuery = useDeferredValue(query);
  const [tab, setTab] = useState<SeoTab>('events');
  const [editing, setEditing] = useState<SeoRow | null>(null);
  const events = trpc.events.listWithDetails.useQuery();

  const rows = useMemo(() => {
    const q = deferredQuery.trim().toLowerCase();
    return (events.data ?? []).filter((e) => e.title.toLowerCase().includes(q));
  }, [events.data, deferredQuery]);

  const onSearch = (value: string) => {
    setQuery(value);
    void navigate({ search: { q: value || undefined }, replace: true });
  };

  return (
    <div>
      <PageHeader title="SEO Management" description="Review and improve how your events appear in search results." />
      <Tabs
        label="SEO sections"
        value={tab}
        onChange={setTab}
        tabs={[
          {
            id: 'events',
            label: 'Event SEO',
            content: (
              <>
                <Toolbar>
                  <SearchInput label="Search events" placeholder="Search by event title..." value={query} onChange={onSearch} />
                </Toolbar>
                <SeoTable rows={rows} loading={events.isPending} failed={events.isError} onRetry={() => void events.refetch()} onEdit={setEditing} />
              </>
            ),
          },
          { id: 'tips', label: 'SEO Tips', content: <SeoTips /> },
        ]}
      />
      <SeoEditDialog event={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
