/** The 'Customer Activity' chart's fixed sample data (SPEC §2: not fetched). */
export const activityRanges = [
  {
    value: '7d',
    label: 'Last 7 days',
    categories: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    values: [42, 58, 51, 67, 74, 96, 88],
  },
  { value: '30d', label: 'Last 30 days', categories: ['Week 1', 'Week 2', 'Week 3', 'Week 4'], values: [310, 365, 342, 418] },
  { value: '90d', label: 'Last 90 days', categories: ['Jan', 'Feb', 'Mar'], values: [1240, 1385, 1520] },
] as const;

export type ActivityRange = (typeof activityRanges)[number];
export type ActivityRangeValue = ActivityRange['value'];
export const defaultActivityRange: ActivityRangeValue = '7d';
