// Loaded lazily (see reports-page.tsx): ApexCharts only downloads where the chart shows.
import Chart from 'react-apexcharts/core';
import 'apexcharts/area';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { formatDollars } from '../../lib/numbers.ts';
import { chartBase } from '../ui/chart-base.ts';

const money = (v: number) => formatDollars(v, 0);

/** Net revenue per day of the range, with the previous period's days drawn beneath for comparison. */
export function SalesChart({
  dates,
  current,
  previous,
}: {
  dates: readonly string[];
  current: readonly number[];
  previous: readonly number[];
}) {
  const options = useMemo<ApexOptions>(
    () => ({
      chart: { ...chartBase, id: 'sales-report' },
      colors: ['#4f46e5', '#9ca3af'],
      dataLabels: { enabled: false },
      stroke: { curve: 'smooth', width: [2, 2], dashArray: [0, 5] },
      fill: { type: 'gradient', gradient: { shadeIntensity: 1, opacityFrom: 0.35, opacityTo: 0.05, stops: [0, 90, 100] } },
      grid: { borderColor: '#e5e7eb', strokeDashArray: 4 },
      legend: { show: true, position: 'top', horizontalAlign: 'left' },
      xaxis: { categories: [...dates], tickAmount: Math.min(dates.length, 10), axisBorder: { show: false }, axisTicks: { show: false } },
      yaxis: { labels: { formatter: money } },
      tooltip: { y: { formatter: money } },
    }),
    [dates],
  );
  const series = useMemo(
    () => [
      { name: 'Net revenue', data: [...current] },
      { name: 'Previous period', data: [...previous] },
    ],
    [current, previous],
  );
  return <Chart type="area" height={300} series={series} options={options} />;
}
