import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ReportsPage } from '../../components/reports/reports-page.tsx';
import { rangeValues } from '../../components/reports/report-range.ts';
import { oneOf, optionalText, searchReader } from '../../lib/search-params.ts';

const isDay = (value: unknown) => {
  const text = optionalText(value, 10);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
};

export const Route = createFileRoute('/_authed/reports')({
  staticData: { title: 'Reports' },
  // The range lives in the URL, so a reload or a shared link shows the same report.
  validateSearch: searchReader((search) => ({ range: oneOf(rangeValues)(search.range), from: isDay(search.from), to: isDay(search.to) })),
  component: ReportsRoute,
});

function ReportsRoute() {
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  return (
    <ReportsPage
      search={{ range: search.range ?? '30d', from: search.from, to: search.to }}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
