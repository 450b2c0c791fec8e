import type { EventFigures } from '@event-admin/core/report/report.schema';
import { Link } from '@tanstack/react-router';
import { money } from './report-range.ts';
import { formatCount } from '../../lib/numbers.ts';

/** Each event's views, purchases, conversion and net revenue over the range, best earning first. */
export function EventFiguresTable({ rows, loading }: { rows: readonly EventFigures[] | undefined; loading: boolean }) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="event-figures-heading">
      <div className="card-body">
        <h3 id="event-figures-heading" className="card-title">
          Events in this period
        </h3>
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th>Event</th>
                <th className="text-right">Views</th>
                <th className="text-right">Purchases</th>
                <th className="text-right">Conversion</th>
                <th className="text-right">Net revenue</th>
              </tr>
            </thead>
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
              {rows?.map((row) => (
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
          </table>
        </div>
      </div>
    </section>
  );
}
