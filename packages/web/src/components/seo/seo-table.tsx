import { seoScore, splitKeywords } from '@event-admin/core/seo/seo.rules';
import { formatDate } from '../../lib/format.ts';
import { SeoScore } from './seo-score.tsx';
import { TableRows } from '../ui/table-rows.tsx';

/** One row of events.listWithDetails. */
export interface SeoRow {
  id: string;
  title: string;
  date: string;
  seo: { title: string; description: string; keywords: string } | null;
}

const columns = 6;

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

export function SeoTable({
  rows,
  loading,
  failed,
  onRetry,
  onEdit,
}: {
  rows: SeoRow[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onEdit: (row: SeoRow) => void;
}) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th>Event</th>
              <th>Date</th>
              <th>SEO Title</th>
              <th>Keywords</th>
              <th>SEO Score</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            <TableRows
              columns={columns}
              loading={loading}
              loadingRows={5}
              failed={failed}
              onRetry={onRetry}
              isEmpty={rows.length === 0}
              empty="No events found. Try a different search term."
            >
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-base-200/50" data-testid="seo-row">
                  <td className="min-w-40 font-medium">{row.title}</td>
                  <td className="whitespace-nowrap">{formatDate(row.date)}</td>
                  <td className="max-w-64">
                    {row.seo?.title ? <span className="line-clamp-2">{row.seo.title}</span> : <span className="text-base-content/60">Not set</span>}
                  </td>
                  <td className="max-w-56">
                    <Keywords keywords={row.seo?.keywords} />
                  </td>
                  <td>
                    <SeoScore score={seoScore(row.seo)} eventTitle={row.title} />
                  </td>
                  <td className="text-right">
                    <button type="button" className="btn btn-ghost btn-sm whitespace-nowrap" aria-label={`Edit SEO for ${row.title}`} onClick={() => onEdit(row)}>
                      Edit SEO
                    </button>
                  </td>
                </tr>
              ))}
            </TableRows>
          </tbody>
        </table>
      </div>
    </div>
  );
}
