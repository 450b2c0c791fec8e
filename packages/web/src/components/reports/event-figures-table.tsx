import type { EventFigures } from '@event-admin/core/report/report.schema';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { LoadMore } from '../ui/load-more.tsx';
import { money } from './report-range.ts';
import { formatCount } from '../../lib/numbers.ts';
import { ScrollTable } from '../ui/scroll-table.tsx';

/** Rows drawn at first and with each step down the table: a large organiser's range holds thousands. */
const step = 50;

/** The columns: the event, then its figures to the right. */
const head = ['Event', ...['Views', 'Purchases', 'Conversion', 'Net revenue'].map((label) => ({ label, className: 'text-right' }))];

/**
 * Each event's views, purchases, conversion and net revenue over the range, best earning first.
 * The rows come in one answer; they are drawn 50 at a time as the table's foot comes into view.
 */
export function EventFiguresTable({ rows, loading }: { rows: readonly EventFigures[] | undefined; loading: boolean }) {
  const [shown, setShown] = useState(step);
  // A new function after each step, so the foot asks again while it stays in view.
  const showMore = useCallback(() => setShown(shown + step), [shown]);
  const total = rows?.length ?? 0;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="event-figures-heading">
      <div className="card-body">
        <h3 id="event-figures-heading" className="card-title">
          Events in this period
        </h3>
        <ScrollTable labelledBy="event-figures-heading" head={head}>
          <tbody>
            {loading && (
              <tr>
                <td colSpan={5}>
                  <span className="loading loading-spinner loading-sm" aria-label="Loading" />
                </td>
              </tr>
            )}
            {!loading && rows?.length === 0 && (
              <tr>
                <td colSpan={5} className="text-center text-base-content/70">
                  No views or sales in this period.
                </td>
              </tr>
            )}
            {rows?.slice(0, shown).map((row) => (
              <tr key={row.eventId}>
                <td>
                  <Link to="/events/$eventId" params={{ eventId: row.eventId }} className="link link-hover">
                    {row.title}
                  </Link>
                </td>
                <td className="text-right">{formatCount(row.pageViews)}</td>
                <td className="text-right">{formatCount(row.purchases)}</td>
                <td className="text-right">{row.conversion}%</td>
                <td className="text-right">{money(row.netCents)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        {total > step && (
          <LoadMore
            hasMore={total > shown}
            loading={false}
            failed={false}
            onLoadMore={showMore}
            status={`Showing ${formatCount(Math.min(shown, total))} of ${formatCount(total)} events`}
          />
        )}
      </div>
    </section>
  );
}
