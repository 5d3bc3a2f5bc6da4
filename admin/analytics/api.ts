// The analytics screens' calls (GET /api/admin/analytics/*) and the date range they share, kept in
// the page's URL (?from=&to=&compare=) so a view can be bookmarked and shared.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { apiUrl, httpClient } from '../dataProvider.ts'

export type DateRange = { from: string; to: string; compare: boolean; tz: string }

const dayOf = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
export const daysAgo = (n: number, from = new Date()) => dayOf(new Date(from.getTime() - n * 86_400_000))
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** The range in the URL, or the last 7 days ending today. */
export function useDateRange(): [DateRange, (next: Partial<DateRange>) => void, URLSearchParams] {
  const [params, setParams] = useSearchParams()
  const range: DateRange = {
    from: params.get('from') || daysAgo(6),
    to: params.get('to') || daysAgo(0),
    compare: params.get('compare') !== '0',
    tz: browserTimeZone(),
  }
  const update = (next: Partial<DateRange>) => {
    const merged = { ...range, ...next }
    const out = new URLSearchParams(params)
    out.set('from', merged.from)
    out.set('to', merged.to)
    out.set('compare', merged.compare ? '1' : '0')
    setParams(out, { replace: true })
  }
  return [range, update, params]
}

export function analyticsQuery(path: string, range: DateRange, extra: Record<string, string | undefined> = {}) {
  const query = new URLSearchParams({ from: range.from, to: range.to, tz: range.tz })
  for (const [k, v] of Object.entries(extra)) if (v) query.set(k, v)
  return `${apiUrl}/analytics/${path}?${query}`
}

export function useAnalytics<T>(path: string, range: DateRange, extra: Record<string, string | undefined> = {}) {
  const url = analyticsQuery(path, range, extra)
  return useQuery({ queryKey: ['analytics', url], queryFn: async () => (await httpClient(url)).json as T, refetchInterval: 60_000 })
}

export const number = new Intl.NumberFormat('en-US')
export const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** Change against the previous period, as "+12.5 %" (null when there was nothing before). */
export function change(current: number, before: number): number | null {
  if (!before) return current ? null : 0
  return Math.round(((current - before) / before) * 1000) / 10
}
