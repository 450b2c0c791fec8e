import { lazy, Suspense } from 'react';
import { PageHeader } from '../layout/page-header.tsx';
import { WhenVisible } from '../ui/when-visible.tsx';
import { businessZone } from '../../lib/business-zone.ts';
import { trpc } from '../../lib/trpc.ts';
import { EventFiguresTable } from './event-figures-table.tsx';
import { ExportDownloads } from './export-downloads.tsx';
import { RangePicker } from './range-picker.tsx';
import { resolveRange, type RangePreset } from './report-range.ts';
import { ReportTotals } from './report-totals.tsx';

// A chunk of its own, fetched only where a chart shows.
const SalesChart = lazy(() => import('./sales-chart.tsx').then((m) => ({ default: m.SalesChart })));

const chartPlaceholder = <div className="skeleton h-[300px] w-full" />;

export interface ReportsSearch {
  range: RangePreset;
  from?: string;
  to?: string;
}

/** Sales over a chosen range against the period before, each event's figures, and the exports. */
export function ReportsPage({ search, onSearch }: { search: ReportsSearch; onSearch: (next: ReportsSearch) => void }) {
  const { from, to } = resolveRange(search.range, search);
  // While a change of zone rebuilds the day figures, both are read again every few seconds until it is done.
  const sales = trpc.reports.sales.useQuery({ from, to }, { refetchInterval: (query) => (query.state.data?.rebuilding ? 5_000 : false) });
  const rebuilding = sales.data?.rebuilding === true;
  // Alone, not in the totals' batch: each event's figures read every day's partitions and can take
  // many times the totals' time, which would otherwise wait for them, placeholders shining.
  const events = trpc.reports.events.useQuery(
    { from, to },
    { trpc: { context: { alone: true } }, refetchInterval: rebuilding ? 5_000 : false },
  );
  const report = sales.data;
  // The previous period day by day, for the chart's comparison line (the same cost again).
  const before = trpc.reports.sales.useQuery(report ? { from: report.previous.from, to: report.previous.to } : { from, to }, {
    enabled: !!report,
  });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Reports"
        description={`Sales from ${from} to ${to} (days in ${businessZone.get()}), against the same number of days before.`}
      />
      <RangePicker preset={search.range} from={from} to={to} onChange={onSearch} />
      {rebuilding && (
        <div role="status" className="alert alert-info">
          Day figures are being rebuilt for the new time zone. Until then they show the previous zone's days.
        </div>
      )}
      {sales.isError && (
        <div role="alert" className="alert alert-error">
          {sales.error.message}
        </div>
      )}
      {!sales.isError && (
        <>
          {/* While the report loads, the same boxes hold its place: nothing below moves when it comes. */}
          <ReportTotals totals={report?.totals} previous={report?.previous.totals} />
          <section className="card bg-base-100 shadow-sm" aria-labelledby="sales-chart-heading">
            <div className="card-body">
              <h3 id="sales-chart-heading" className="card-title">
                Net revenue by day
              </h3>
              <figure
                className="min-h-[300px]"
                aria-label={`Net revenue by day from ${from} to ${to}, with the previous period`}
                data-testid="sales-chart"
              >
                {report && before.data ? (
                  <WhenVisible placeholder={chartPlaceholder}>
                    <Suspense fallback={chartPlaceholder}>
                      <SalesChart
                        dates={report.days.map((d) => d.date)}
                        current={report.days.map((d) => d.netCents / 100)}
                        previous={before.data.days.map((d) => d.netCents / 100)}
                      />
                    </Suspense>
                  </WhenVisible>
                ) : (
                  chartPlaceholder
                )}
              </figure>
            </div>
          </section>
        </>
      )}
      <EventFiguresTable rows={events.data?.events} loading={events.isPending} />
      <ExportDownloads from={from} to={to} />
    </div>
  );
}
