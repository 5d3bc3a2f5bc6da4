// The attribution stored with every lead and ROI calculation: what the site tracker sent, the
// traffic source classified from it, the request's user agent and a hash of its IP (the raw IP
// is never stored).
import type { Context } from 'koa'
import type { Attribution } from '../db/queries/leads.ts'
import { hashIp } from '../lib/signing.ts'
import { classifyTrafficSource } from '../../shared/trafficSource.ts'

type Submitted = Partial<Record<'source' | 'campaign' | 'referrer' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent' | 'gclid' | 'fbclid' | 'msclkid' | 'landingPage' | 'firstTouch' | 'lastTouch', string>>

export function buildAttribution(ctx: Context, data: Submitted, opts: { secret: string; defaultSource: string; userAgent?: string }): Attribution {
  const get = (key: keyof Submitted) => data[key] ?? ''
  return {
    source: get('source') || opts.defaultSource,
    campaign: get('campaign'),
    trafficSource: classifyTrafficSource({ utmSource: get('utmSource'), referrer: get('referrer') }).slice(0, 200),
    referrer: get('referrer'),
    utmSource: get('utmSource'),
    utmMedium: get('utmMedium'),
    utmCampaign: get('utmCampaign'),
    utmTerm: get('utmTerm'),
    utmContent: get('utmContent'),
    gclid: get('gclid'),
    fbclid: get('fbclid'),
    msclkid: get('msclkid'),
    landingPage: get('landingPage'),
    firstTouch: get('firstTouch'),
    lastTouch: get('lastTouch'),
    userAgent: (ctx.get('User-Agent') || opts.userAgent || '').slice(0, 512),
    ipHash: hashIp(ctx.ip, opts.secret),
  }
}
