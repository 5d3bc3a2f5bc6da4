// Web vitals at p75 per template family, device and day (issue 14), against Google's thresholds.
// Source: the analytics events (decision 120): `web_vital` (LCP, INP, CLS, TTFB) and the older
// tracker's `timing` (lcp, ttfb), the last 14 days, at most MAX_ROWS of them; the device is the
// one the server derived (events.device), else read from a stored user agent.
import { buildCatalog, type Family } from '../../data/catalog.ts'
import { defaultDataDir, loadData } from '../../data/loadData.ts'
import type { Queryable } from '../db/rows.ts'

export const VITALS = ['lcp', 'inp', 'cls', 'ttfb', 'fcp'] as const
export type Vital = (typeof VITALS)[number]
/** Google's "good" and "poor" limits (web.dev/vitals): ≤ good is good, > poor is poor. */
export const THRESHOLDS: Record<Vital, { good: number; poor: number; unit: string }> = {
  lcp: { good: 2500, poor: 4000, unit: 'ms' },
  inp: { good: 200, poor: 500, unit: 'ms' },
  cls: { good: 0.1, poor: 0.25, unit: '' },
  ttfb: { good: 800, poor: 1800, unit: 'ms' },
  fcp: { good: 1800, poor: 3000, unit: 'ms' },
}
const DAYS = 14
const MAX_ROWS = 200_000

let families: Map<string, Family> | null = null
function familyOf(path: string): string {
  families ??= new Map(buildCatalog(loadData(defaultDataDir)).entries.map((e) => [e.url.replace(/\/+$/, '').toLowerCase() || '/', e.family]))
  const key = path.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase() || '/'
  return families.get(key) ?? 'other'
}

export const deviceOf = (userAgent: string) => (/Mobile|Android|iPhone|iPod/.test(userAgent) ? 'mobile' : /iPad|Tablet/.test(userAgent) ? 'tablet' : 'desktop')

export function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)]
}

export const rating = (vital: Vital, value: number) =>
  value <= THRESHOLDS[vital].good ? 'good' : value <= THRESHOLDS[vital].poor ? 'needs improvement' : 'poor'

export type VitalRow = { day: string; family: string; device: string; vital: Vital; p75: number; samples: number; rating: string }

export async function webVitals(db: Queryable, now = Date.now()): Promise<{ rows: VitalRow[]; since: string; truncated: boolean }> {
  const since = new Date(now - DAYS * 86_400_000).toISOString()
  const names = [...VITALS, ...VITALS.map((v) => v.toUpperCase())]
  const rows: Array<{ path: string; name: string; value: number; device: string | null; user_agent: string; received_at: unknown }> = await db('events')
    .whereIn('type', ['web_vital', 'timing'])
    .whereIn('name', names)
    .andWhere('received_at', '>=', since)
    .select('path', 'name', 'value', 'device', 'user_agent', 'received_at')
    .limit(MAX_ROWS)
  const groups = new Map<string, number[]>()
  for (const r of rows) {
    if (r.value == null) continue
    const day = new Date(r.received_at as string).toISOString().slice(0, 10)
    const key = `${day}|${familyOf(r.path)}|${r.device || deviceOf(r.user_agent ?? '')}|${r.name.toLowerCase()}`
    const list = groups.get(key)
    if (list) list.push(Number(r.value))
    else groups.set(key, [Number(r.value)])
  }
  const out: VitalRow[] = []
  for (const [key, values] of groups) {
    const [day, family, device, vital] = key.split('|') as [string, string, string, Vital]
    const value = p75(values)
    out.push({ day, family, device, vital, p75: value, samples: values.length, rating: rating(vital, value) })
  }
  out.sort((a, b) => b.day.localeCompare(a.day) || a.family.localeCompare(b.family) || a.device.localeCompare(b.device) || a.vital.localeCompare(b.vital))
  return { rows: out, since, truncated: rows.length >= MAX_ROWS }
}
