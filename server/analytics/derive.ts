// What the server derives from one analytics event and its request (issue 13): the channel of a
// landing (the spec's traffic-source classification refined by UTM medium and ad click ids), the
// device, browser and OS (ua-parser-js), the goal an event completes, and the page key (the path
// without its query). Pure functions: server/analytics/ingest.ts applies them.
// Event names and channels are listed in docs/decisions/120-analytics-storage.md.
import { UAParser } from 'ua-parser-js'
import { classifyTrafficSource } from '../../shared/trafficSource.ts'

export const CHANNELS = [
  'paid-search',
  'paid-social',
  'display',
  'email',
  'affiliate',
  'organic-search',
  'social-media',
  'referral',
  'campaign',
  'direct-traffic',
] as const
export type Channel = (typeof CHANNELS)[number]

export type Landing = {
  channel: Channel
  source: string
  medium: string
  campaign: string
  referrerHost: string
  /** Which ad click id the URL carried (gclid, fbclid, msclkid), never its value. */
  clickId: string
  /** True when the landing says where the visit came from (UTM, click id or an outside referrer). */
  hasSignal: boolean
}

const clip = (value: string, max: number) => value.trim().slice(0, max)

export function hostOf(url: string): string {
  const value = url.trim()
  if (!value) return ''
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}

/** The page key of a path: no query, no fragment, at most 300 characters. */
export function pageKey(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/'
  return bare.slice(0, 300)
}

function queryOf(path: string): URLSearchParams {
  const at = path.indexOf('?')
  if (at < 0) return new URLSearchParams()
  return new URLSearchParams(path.slice(at + 1).split('#', 1)[0])
}

const PAID = /^(cpc|ppc|paid|paidsearch|paid-search|paid_search|sem)$/i
const PAID_SOCIAL = /^(paid-?social|paid_social|social-?paid|cpm-social)$/i
const DISPLAY = /^(display|banner|cpm|expandable|interstitial)$/i
const SOCIAL = /^(social|social-network|social-media|sm|organic-social)$/i

/**
 * Where a visit landing on `path` with `referrer` came from. A referrer on `siteHost` (or none)
 * is not a source. UTM first (medium decides the channel), then click ids, then the referrer
 * through the spec's classifier (shared/trafficSource.ts).
 */
export function classifyLanding(path: string, referrer: string, siteHost: string): Landing {
  const q = queryOf(path)
  const utmSource = clip(q.get('utm_source') ?? '', 200)
  const utmMedium = clip(q.get('utm_medium') ?? '', 200)
  const campaign = clip(q.get('utm_campaign') ?? '', 200)
  const clickId = q.get('gclid') ? 'gclid' : q.get('msclkid') ? 'msclkid' : q.get('fbclid') ? 'fbclid' : ''
  let referrerHost = hostOf(referrer)
  if (referrerHost && siteHost && referrerHost === siteHost.replace(/^www\./, '')) referrerHost = ''
  const fromReferrer = classifyTrafficSource({ referrer: referrerHost }) as 'organic-search' | 'social-media' | 'referral' | 'direct-traffic'
  const hasSignal = Boolean(utmSource || utmMedium || campaign || clickId || referrerHost)

  let channel: Channel
  if (PAID.test(utmMedium) || clickId === 'gclid' || clickId === 'msclkid') channel = 'paid-search'
  else if (PAID_SOCIAL.test(utmMedium) || (clickId === 'fbclid' && !utmMedium)) channel = 'paid-social'
  else if (DISPLAY.test(utmMedium)) channel = 'display'
  else if (/^e-?mail|newsletter$/i.test(utmMedium)) channel = 'email'
  else if (/^affiliates?$/i.test(utmMedium)) channel = 'affiliate'
  else if (/^organic$/i.test(utmMedium)) channel = 'organic-search'
  else if (SOCIAL.test(utmMedium)) channel = 'social-media'
  else if (/^referral$/i.test(utmMedium)) channel = 'referral'
  else if (utmSource || utmMedium || campaign) channel = 'campaign'
  else channel = fromReferrer

  // Google's and Microsoft's ad click ids name the network for sure, whatever page the ad was shown
  // on (a search partner, a Display Network site), as GA4's auto-tagging does: the referrer names
  // the source only without them. fbclid is also added to Facebook's organic outbound links, so
  // the referrer (facebook.com, instagram.com) stays the more precise source there.
  const adNetwork = clickId === 'gclid' ? 'google' : clickId === 'msclkid' ? 'bing' : ''
  const source = utmSource || adNetwork || referrerHost || (clickId === 'fbclid' ? 'facebook' : '(direct)')
  const medium =
    utmMedium ||
    (clickId && channel === 'paid-search' ? 'cpc' : clickId ? 'paid-social' : '') ||
    (fromReferrer === 'organic-search' ? 'organic' : fromReferrer === 'direct-traffic' ? '(none)' : fromReferrer === 'social-media' ? 'social' : 'referral')
  return { channel, source: clip(source, 200), medium: clip(medium, 200), campaign, referrerHost: referrerHost.slice(0, 253), clickId, hasSignal }
}

/** The campaign identity of a landing: a landing with another one starts a new session. */
export const landingSignature = (l: Landing) => [l.channel, l.source, l.medium, l.campaign].join('\u0001')

export type Device = { device: 'desktop' | 'mobile' | 'tablet' | 'bot' | 'other'; browser: string; os: string }

const BOT = /bot|crawler|spider|slurp|facebookexternalhit|bingpreview|lighthouse|pingdom|uptime|monitor|curl|wget|python-requests|axios|node-fetch/i
const uaCache = new Map<string, Device>()

/** Device type, browser and OS from a user agent (cached: a few hundred distinct agents make most traffic). */
export function parseDevice(userAgent: string): Device {
  const cached = uaCache.get(userAgent)
  if (cached) return cached
  let result: Device
  if (!userAgent || BOT.test(userAgent)) result = { device: 'bot', browser: '', os: '' }
  else {
    const ua = UAParser(userAgent)
    const type = ua.device.type
    result = {
      device: type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : !type ? 'desktop' : 'other',
      browser: (ua.browser.name ?? 'Other').slice(0, 40),
      os: (ua.os.name ?? 'Other').slice(0, 40),
    }
  }
  if (uaCache.size >= 2000) uaCache.delete(uaCache.keys().next().value!)
  uaCache.set(userAgent, result)
  return result
}

/** What an event counts as a conversion for: a phone call, or a submitted form (by its name). */
export function goalOf(event: { type: string; name?: string }): string {
  if (event.type === 'click' && event.name === 'call') return 'call'
  if (event.type === 'form_submit') return `form:${clip(event.name || 'form', 120)}`
  return ''
}

/** Global Privacy Control (Sec-GPC: 1) or Do Not Track (DNT: 1): nothing is recorded. */
export function optedOut(headers: { gpc?: string; dnt?: string }): boolean {
  return headers.gpc?.trim() === '1' || headers.dnt?.trim() === '1'
}
