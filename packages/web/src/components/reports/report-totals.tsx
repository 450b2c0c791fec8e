import type { DayFigures } from '@event-admin/core/report/report.schema';
import { change, money } from './report-range.ts';
import { formatCount } from '../../lib/numbers.ts';

const figures: { key: keyof DayFigures; label: string; format: (n: number) => string }[] = [
  { key: 'netCents', label: 'Net revenue', format: money },
  { key: 'purchases', label: 'Purchases', format: formatCount },
  { key: 'refundsCents', label: 'Refunds', format: money },
  { key: 'newCustomers', label: 'New customers', format: formatCount },
  { key: 'pageViews', label: 'Page views', format: formatCount },
];

/** A figure on its way: a placeholder of the text's own height, so nothing moves when it comes. */
const pending = (
  <span className="skeleton inline-block w-24" aria-hidden="true">
    {'\u00a0'}
  </span>
);

/**
 * The range's totals, each with its change against the previous period of the same length;
 * without them (still loading) the same boxes with placeholders.
 */
export function ReportTotals({
  totals,
  previous,
  showCustomers = true,
}: {
  totals: DayFigures | undefined;
  previous: DayFigures | undefined;
  showCustomers?: boolean;
}) {
  return (
    <div
      className="stats stats-vertical w-full bg-base-100 shadow-sm lg:stats-horizontal"
      data-testid="report-totals"
      aria-busy={totals === undefined}
    >
      {figures
        .filter((f) => showCustomers || f.key !== 'newCustomers')
        .map((f) => (
          <div key={f.key} className="stat">
            <div className="stat-title">{f.label}</div>
            <div className="stat-value text-2xl">{totals ? f.format(totals[f.key]) : pending}</div>
            <div className="stat-desc">
              {totals && previous ? `${change(totals[f.key], previous[f.key])} vs previous (${f.format(previous[f.key])})` : pending}
            </div>
          </div>
        ))}
    </div>
  );
}
