import type { ReactNode } from 'react';
import type { DashboardStats } from '@event-admin/core/stats/stats.schema';
import { formatUsd } from '../../lib/format.ts';
import { formatCount } from '../../lib/numbers.ts';
import { ArrowDownIcon, ArrowUpIcon, CalendarIcon, TicketIcon, TrendIcon, UsersIcon } from '../ui/icons.tsx';
import { LoadError } from '../ui/load-state.tsx';

/** SPEC §2: the change badges are fixed in the page, not from the server. */
export const statChanges = { totalEvents: 12, activeCustomers: 8, ticketSales: -3, avgConversion: 2 } as const;

const cards: { key: keyof DashboardStats; title: string; icon: ReactNode; format: (value: number) => string }[] = [
  { key: 'totalEvents', title: 'Total Events', icon: <CalendarIcon />, format: formatCount },
  { key: 'activeCustomers', title: 'Active Customers', icon: <UsersIcon />, format: formatCount },
  { key: 'ticketSales', title: 'Ticket Sales', icon: <TicketIcon />, format: (v) => formatUsd(v) },
  { key: 'avgConversion', title: 'Avg. Conversion', icon: <TrendIcon />, format: (v) => `${v}%` },
];

/** The four headline figures; 4 placeholder cards while loading (SPEC §9). */
export function StatCards({
  stats,
  isLoading,
  isError,
  onRetry,
}: {
  stats: DashboardStats | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  if (isError) {
    return (
      <div className="card bg-base-100 shadow-sm" data-testid="stat-cards-error">
        <LoadError what="The headline figures" onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={isLoading}>
      {cards.map((card) =>
        isLoading || !stats ? (
          <div key={card.key} className="card bg-base-100 shadow-sm" data-testid="stat-card-skeleton" aria-hidden="true">
            <div className="card-body gap-3 p-4 sm:p-5">
              <div className="skeleton h-4 w-24" />
              <div className="skeleton h-8 w-20" />
              <div className="skeleton h-4 w-32" />
            </div>
          </div>
        ) : (
          <StatCard
            key={card.key}
            title={card.title}
            icon={card.icon}
            value={card.format(stats[card.key])}
            change={statChanges[card.key]}
            testId={card.key}
          />
        ),
      )}
    </div>
  );
}

function StatCard({
  title,
  icon,
  value,
  change,
  testId,
}: {
  title: string;
  icon: ReactNode;
  value: string;
  change: number;
  testId: string;
}) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={title} data-testid={`stat-card-${testId}`}>
      <div className="card-body gap-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-base-content/70">{title}</h2>
          <span className="hidden rounded-lg bg-primary/10 p-2 text-primary sm:inline-flex">{icon}</span>
        </div>
        <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid="stat-value">
          {value}
        </p>
        <ChangeBadge value={change} isPositive={change >= 0} />
      </div>
    </section>
  );
}

/** The absolute change as a percentage with an arrow: green when positive, otherwise red. */
export function ChangeBadge({ value, isPositive }: { value: number; isPositive: boolean }) {
  const color = isPositive ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800';
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="change-badge" data-positive={isPositive}>
      <span
        className={`inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold ${color}`}
        data-testid="change-value"
      >
        {isPositive ? <ArrowUpIcon /> : <ArrowDownIcon />}
        {Math.abs(value)}%
      </span>
      <span className="sr-only">{isPositive ? 'increase' : 'decrease'}</span>
      <span className="text-base-content/60">vs last month</span>
    </p>
  );
}
