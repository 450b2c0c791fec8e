import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { optionalText, searchReader } from '../../lib/search-params.ts';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { SeoEditDialog } from '../../components/seo/seo-edit-dialog.tsx';
import { SeoTable, type SeoRow } from '../../components/seo/seo-table.tsx';
import { SeoTips } from '../../components/seo/seo-tips.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { trpc } from '../../lib/trpc.ts';
import { pagedQuery, searchTerm, usePagedList } from '../../lib/use-paged-list.ts';

const seoSearch = searchReader((search) => ({ q: optionalText(search.q) }));

export const Route = createFileRoute('/_authed/seo')({
  staticData: { title: 'SEO Management' },
  validateSearch: seoSearch,
  component: SeoPage,
});

type SeoTab = 'events' | 'tips';

/** Events per request, newest created first; the title search runs on the server over every event. */
const pageSize = 25;

function SeoPage() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const q = searchTerm(search.q);
  const events = trpc.seo.page.useInfiniteQuery({ limit: pageSize, q }, pagedQuery);
  const list = usePagedList(events, {
    search: { value: search.q, commit: (value) => void navigate({ search: { q: value }, replace: true }) },
    status: { noun: ['event', 'events'], filtering: q !== undefined, progress: () => 'searching more events', searchedAll: 'all events' },
  });
  const [tab, setTab] = useState<SeoTab>('events');
  const [editing, setEditing] = useState<SeoRow | null>(null);

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
                  <SearchInput label="Search events" placeholder="Search by event title..." {...list.search} />
                </Toolbar>
                <SeoTable {...list.table} onEdit={setEditing} footer={<LoadMore {...list.more} />} />
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
