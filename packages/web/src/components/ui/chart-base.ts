import type { ApexOptions } from 'apexcharts';

/**
 * What every chart of the app shares. A chart is drawn at once, not animated: ApexCharts animates
 * a draw (and every redraw, such as a change of theme) frame by frame on the main thread, which
 * cost about half a CPU second per dashboard visit on the 2-core machine (docs/performance.md),
 * and nothing on a screen should still move after it is drawn.
 */
export const chartBase = {
  toolbar: { show: false },
  zoom: { enabled: false },
  animations: { enabled: false },
  fontFamily: 'inherit',
  parentHeightOffset: 0,
} satisfies ApexOptions['chart'];
