import type { DayFigures } from '@event-admin/core/report/report.schema';
import { change, money } from './report-range.ts';

const figures: { key: keyof DayFigures; label: string; format: (n: number) => string }[] = [
  { key: 'netCents', label: 'Net revenue', format: money },
  { key: 'purchases', label: 'Purchases', format: (n) => n.toLocaleString('en-US') },
  { key: 'refundsCents', label: 'Refunds', format: money },
  { key: 'newCustomers', label: 'New customers', format: (n) => n.toLocaleString('en-US') },
  { key: 'pageViews', label: 'Page views', format: (n) => n.toLocaleString('en-US') },
];

/** The range's totals, each with its change against the previous period of the same length. */
export function ReportTotals({
  totals,
  previous,
  showCustomers = true,
}: {
  totals: DayFigures;
  previous: DayFigures;
  showCustomers?: boolean;
}) {
  return (
    <div className="stats stats-vertical w-full bg-base-100 shadow-sm lg:stats-horizontal" data-testid="report-totals">
      {figures
        .filter((f) => showCustomers || f.key !== 'newCustomers')
        .map((f) => (
          <div key={f.key} className="stat">
            <div className="stat-title">{f.label}</div>
            <div className="stat-value text-2xl">{f.format(totals[f.key])}</div>
            <div className="stat-desc">
              {change(totals[f.key], previous[f.key])} vs previous ({f.format(previous[f.key])})
            </div>
          </div>
        ))}
    </div>
  );
}
