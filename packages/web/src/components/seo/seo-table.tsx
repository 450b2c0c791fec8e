import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';
import { seoScore, splitKeywords } from '@event-admin/core/seo/seo.rules';
import { formatDate } from '../../lib/format.ts';
import type { PagedTable } from '../../lib/use-paged-list.ts';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { SeoScore } from './seo-score.tsx';

/** One row of seo.page: an event and its SEO fields, or null when it has none. */
export type SeoRow = SeoPage['items'][number];
type SeoPage = inferRouterOutputs<AppRouter>['seo']['page'];

/** The first two keywords, then '+N' for the rest. */
function Keywords({ keywords }: { keywords: string | undefined }) {
  const list = splitKeywords(keywords);
  if (list.length === 0) return <span className="text-base-content/60">None</span>;
  const rest = list.length - 2;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {list.slice(0, 2).map((k) => (
        <span key={k} className="badge badge-ghost badge-sm whitespace-nowrap">
          {k}
        </span>
      ))}
      {rest > 0 && (
        <span className="badge badge-outline badge-sm" title={list.slice(2).join(', ')} aria-label={`and ${rest} more`}>
          +{rest}
        </span>
      )}
    </div>
  );
}

const columns = (onEdit: (row: SeoRow) => void): Column<SeoRow>[] => [
  { id: 'event', header: 'Event', cell: (row) => row.title, className: 'min-w-40 font-medium' },
  { id: 'date', header: 'Date', cell: (row) => formatDate(row.date), className: 'whitespace-nowrap' },
  {
    id: 'seoTitle',
    header: 'SEO Title',
    cell: (row) =>
      row.seo?.title ? <span className="line-clamp-2">{row.seo.title}</span> : <span className="text-base-content/60">Not set</span>,
    className: 'max-w-64',
  },
  { id: 'keywords', header: 'Keywords', cell: (row) => <Keywords keywords={row.seo?.keywords} />, className: 'max-w-56' },
  { id: 'score', header: 'SEO Score', cell: (row) => <SeoScore score={seoScore(row.seo)} eventTitle={row.title} /> },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (row) => (
      <button
        type="button"
        className="btn btn-ghost btn-sm whitespace-nowrap"
        aria-label={`Edit SEO for ${row.title}`}
        onClick={() => onEdit(row)}
      >
        Edit SEO
      </button>
    ),
  },
];

/** The SEO page's Event SEO table: a page of events at a time, searched by title on the server. */
export function SeoTable({ searching, onEdit, ...table }: PagedTable<SeoRow> & { onEdit: (row: SeoRow) => void; footer: ReactNode }) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <DataTable
        {...table}
        label="Event SEO"
        columns={columns(onEdit)}
        rowKey={(row) => row.id}
        rowData={() => ({ 'data-testid': 'seo-row' })}
        loadingRows={5}
        empty={searching ? 'Searching more events...' : 'No events found. Try a different search term.'}
      />
    </div>
  );
}
