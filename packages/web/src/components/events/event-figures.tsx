import { useId, useState } from 'react';
import { money, resolveRange } from '../reports/report-range.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatCount } from '../../lib/numbers.ts';

const ranges = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
] as const;

/** The event's own figures over a chosen range (its daily items): views, purchases, conversion, net revenue. */
export function EventFigures({ eventId }: { eventId: string }) {
  const id = useId();
  const [range, setRange] = useState<(typeof ranges)[number]['value']>('30d');
  const { from, to } = resolveRange(range, {});
  const report = trpc.reports.sales.useQuery({ from, to, eventId });
  const totals = report.data?.totals;
  const conversion = totals && totals.pageViews > 0 ? Math.round((totals.purchases / totals.pageViews) * 1000) / 10 : 0;
  const items = [
    { label: 'Views', value: totals && formatCount(totals.pageViews) },
    { label: 'Purchases', value: totals && formatCount(totals.purchases) },
    { label: 'Conversion', value: totals && `${conversion}%` },
    { label: 'Net revenue', value: totals && money(totals.netCents) },
  ];
  return (
    <section className="mb-6 rounded-box border border-base-300" aria-labelledby={`${id}-heading`} data-testid="event-figures">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-heading`} className="font-semibold">
            Sales figures
          </h3>
          <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-range`}>
            <span className="sr-only">Figures period</span>
            <select
              id={`${id}-range`}
              className="select select-bordered select-sm"
              value={range}
              onChange={(e) => setRange(e.target.value as typeof range)}
            >
              {ranges.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {report.isError ? (
          <p role="alert" className="text-sm text-error">
            {report.error.message}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {items.map((item) => (
              <div key={item.label}>
                <dt className="text-xs text-base-content/70">{item.label}</dt>
                <dd className="text-lg font-semibold">{item.value ?? <span className="skeleton block h-5 w-16" />}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
