// The summed columns of the analytics rollup tables, in one place (issue 13, docs/decisions/119):
// rollup.ts (METRICS), pageDetails.ts (PAGE_COLUMNS), the weekly tables' migration and the weekly
// rollup (coarse.ts) all read these lists. A new column needs its own migration (adding it to the
// hourly, daily and weekly tables with hasColumn checks): this file is what the code sums, not a
// description of past schemas.

/** The figures of analytics_hourly / analytics_daily / analytics_weekly (per dim and key). */
export const METRICS = [
  'visitors',
  'sessions',
  'page_views',
  'entries',
  'exits',
  'engaged_sessions',
  'engaged_ms',
  'duration_ms',
  'conversions',
  'events',
] as const

/** The page details of analytics_page_hourly / _daily / _weekly (per path). */
export const PAGE_COLUMNS = [
  'scroll_25',
  'scroll_50',
  'scroll_75',
  'scroll_90',
  'scroll_100',
  'time_30',
  'time_60',
  'time_120',
  'time_300',
  'engagement_n',
  'engagement_sum',
  'engaged_seconds_sum',
  'form_views',
  'form_starts',
  'form_submits',
] as const
