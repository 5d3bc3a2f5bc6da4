// The attribution stored with every lead and ROI calculation (the fields of shared/attribution.ts):
// what the site tracker and the form sent, the traffic source classified from it, the request's
// user agent and a hash of its IP (the raw IP is never stored).
import type { Context } from 'koa'
import { ATTRIBUTION_FIELDS, attributionMax, type Attribution, type SentAttributionKey } from '../../shared/attribution.ts'
import { classifyTrafficSource } from '../../shared/trafficSource.ts'
import { hashIp } from '../lib/signing.ts'

type Submitted = Partial<Record<SentAttributionKey, string>>

export function buildAttribution(ctx: Context, data: Submitted, opts: { secret: string; defaultSource: string; userAgent?: string }): Attribution {
  const out = {} as Attribution
  for (const { key, from } of ATTRIBUTION_FIELDS) if (from !== 'server') out[key] = data[key] ?? ''
  out.source ||= opts.defaultSource
  out.trafficSource = classifyTrafficSource({ utmSource: out.utmSource, referrer: out.referrer }).slice(0, attributionMax.trafficSource)
  out.userAgent = (ctx.get('User-Agent') || opts.userAgent || '').slice(0, attributionMax.userAgent)
  out.ipHash = hashIp(ctx.ip, opts.secret)
  return out
}
