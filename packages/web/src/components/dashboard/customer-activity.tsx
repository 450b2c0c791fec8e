import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { activityRanges, defaultActivityRange, type ActivityRangeValue } from './activity-data.ts';
import { WhenVisible } from '../ui/when-visible.tsx';
import { Panel } from './panel.tsx';

// A chunk of its own, fetched when the dashboard renders the chart (never on /login).
const ActivityChart = lazy(() => import('./activity-chart.tsx').then((m) => ({ default: m.ActivityChart })));

const chartPlaceholder = <div className="skeleton h-[280px] w-full" data-testid="chart-skeleton" />;

/** 'Customer Activity': an area chart of fixed sample data over a chosen time range. */
export function CustomerActivity({ className }: { className?: string }) {
  const selectId = useId();
  const [range, setRange] = useState<ActivityRangeValue>(defaultActivityRange);
  const current = activityRanges.find((r) => r.value === range) ?? activityRanges[0];
  // What the chart shows, for screen readers: 'Mon 42, Tue 58, ...'
  const summary = current.categories.map((c, i) => `${c} ${current.values[i]}`).join(', ');
  return (
    <Panel
      title="Customer Activity"
      description={`Customers active in the ${current.label.toLowerCase()}`}
      className={className}
      testId="customer-activity"
      action={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Time range
          </label>
          <select
            id={selectId}
            className="select select-sm w-40"
            value={range}
            onChange={(e) => setRange(e.target.value as ActivityRangeValue)}
          >
            <option value="" disabled hidden>
              Select time range
            </option>
            {activityRanges.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <figure className="block min-h-[280px] w-full" aria-label={`Customer activity, ${current.label}: ${summary}`} data-range={range}>
        <ChartBoundary>
          <WhenVisible placeholder={chartPlaceholder}>
            <Suspense fallback={chartPlaceholder}>
              <ActivityChart categories={current.categories} values={current.values} seriesName="Active customers" />
            </Suspense>
          </WhenVisible>
        </ChartBoundary>
      </figure>
    </Panel>
  );
}

/** A chart chunk that fails to download (offline, or replaced by a deploy) costs only the chart. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('The activity chart could not be loaded', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="flex h-[280px] flex-col items-center justify-center gap-2 text-center">
        <p className="text-error">The chart could not be loaded.</p>
        <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    );
  }
}
