// Loaded lazily (see customer-activity.tsx): ApexCharts only downloads where the chart shows.
// The core build plus the area type is ~40% smaller than the full `react-apexcharts` entry.
import Chart from 'react-apexcharts/core';
import 'apexcharts/area';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';

const primary = '#4f46e5';
const wholeNumber = (v: number) => String(Math.round(v));
const customers = (v: number) => `${v} customers`;

export function ActivityChart({ categories, values, seriesName }: { categories: readonly string[]; values: readonly number[]; seriesName: string }) {
  // Stable objects: the wrapper redraws whenever its props are not deep-equal (functions included).
  const options = useMemo<ApexOptions>(() => ({
    chart: { id: 'customer-activity', toolbar: { show: false }, zoom: { enabled: false }, fontFamily: 'inherit', parentHeightOffset: 0 },
    colors: [primary],
    dataLabels: { enabled: false },
    stroke: { curve: 'smooth', width: 2 },
    fill: { type: 'gradient', gradient: { shadeIntensity: 1, opacityFrom: 0.4, opacityTo: 0.05, stops: [0, 90, 100] } },
    grid: { borderColor: '#e5e7eb', strokeDashArray: 4 },
    legend: { show: false },
    xaxis: { categories: [...categories], axisBorder: { show: false }, axisTicks: { show: false }, tooltip: { enabled: false } },
    yaxis: { labels: { formatter: wholeNumber } },
    tooltip: { y: { formatter: customers } },
  }), [categories]);
  const series = useMemo(() => [{ name: seriesName, data: [...values] }], [seriesName, values]);
  return <Chart type="area" height={280} series={series} options={options} />;
}
