import type { CheckInStats as Stats } from './door-rules.ts';

/** "N of M checked in", in all and by ticket type. */
export function CheckInStats({ stats }: { stats: Stats | undefined }) {
  if (!stats) return null;
  return (
    <section aria-labelledby="check-in-stats" className="rounded-box bg-base-100 p-4 shadow-sm">
      <h3 id="check-in-stats" className="text-lg font-semibold">
        {stats.checkedIn} of {stats.tickets} checked in
      </h3>
      <ul className="mt-2 flex flex-col gap-1">
        {stats.byType.map((type) => (
          <li key={type.ticketTypeId} className="flex justify-between gap-2">
            <span>{type.name}</span>
            <span className="font-medium tabular-nums">
              {type.checkedIn} of {type.tickets} checked in
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
