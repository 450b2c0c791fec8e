// Loaded lazily (see customer-activity.tsx): ApexCharts only downloads where the chart shows.
// The core build plus the area type is ~40% smaller than the full `react-apexcharts` entry.
import Chart from 'react-apexcharts/core';
import 'apexcharts/area';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { useTheme, type Theme } from '../../lib/theme.ts';
import { chartBase } from '../ui/chart-base.ts';

// The line, its labels and grid in each theme: labels at 4.5:1 or more on the panel behind them.
const palette: Record<Theme, { line: string; labels: string; grid: string }> = {
  light: { line: '#4f46e5', labels: '#4b5563', grid: '#e5e7eb' },
  dark: { line: '#a5b4fc', labels: '#d1d5db', grid: '#374151' },
};
const wholeNumber = (v: number) => String(Math.round(v));
const customers = (v: number) => `${v} customers`;

export function ActivityChart({
  categories,
  values,
  seriesName,
}: {
  categories: readonly string[];
  values: readonly number[];
  seriesName: string;
}) {
  const { theme } = useTheme();
  // Stable objects: the wrapper redraws whenever its props are not deep-equal (functions included).
  const options = useMemo<ApexOptions>(
    () => ({
      chart: {
        ...chartBase,
        id: 'customer-activity',
        background: 'transparent',
        foreColor: palette[theme].labels,
      },
      theme: { mode: theme },
      colors: [palette[theme].line],
      dataLabels: { enabled: false },
      stroke: { curve: 'smooth', width: 2 },
      fill: { type: 'gradient', gradient: { shadeIntensity: 1, opacityFrom: 0.4, opacityTo: 0.05, stops: [0, 90, 100] } },
      grid: { borderColor: palette[theme].grid, strokeDashArray: 4 },
      legend: { show: false },
      xaxis: { categories: [...categories], axisBorder: { show: false }, axisTicks: { show: false }, tooltip: { enabled: false } },
      yaxis: { labels: { formatter: wholeNumber } },
      tooltip: { y: { formatter: customers } },
    }),
    [categories, theme],
  );
  const series = useMemo(() => [{ name: seriesName, data: [...values] }], [seriesName, values]);
  return <Chart type="area" height={280} series={series} options={options} />;
}
