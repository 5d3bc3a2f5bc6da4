// The signed links of newsletter emails: confirm (double opt-in), one-click unsubscribe, the open
// pixel and tracked clicks. Each carries an HMAC-SHA256 of its parts under APP_SECRET; a link
// with any part changed is refused (400), so nobody confirms, unsubscribes or counts for another.
import crypto from 'node:crypto'
import { unsubscribeSignature } from '../lib/signing.ts'

const mac = (secret: string, data: string, length = 43) => crypto.createHmac('sha256', secret).update(data).digest('base64url').slice(0, length)

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

const origin = (siteUrl: string) => siteUrl.replace(/\/$/, '')

export const confirmSignature = (secret: string, id: number, email: string) => mac(secret, `newsletter-confirm:${id}:${email.toLowerCase()}`)
export const checkConfirmSignature = (secret: string, id: number, email: string, sig: string) => safeEqual(sig, confirmSignature(secret, id, email))
export const confirmUrl = (secret: string, siteUrl: string, id: number, email: string) =>
  `${origin(siteUrl)}/api/newsletter/confirm?${new URLSearchParams({ id: String(id), sig: confirmSignature(secret, id, email) })}`

/** Without a campaign: the signature of server/lib/signing.ts (links already sent stay valid). */
export const campaignUnsubscribeSignature = (secret: string, email: string, campaignId: number | null) =>
  campaignId ? mac(secret, `unsubscribe:${email.toLowerCase()}:${campaignId}`) : unsubscribeSignature(secret, email.toLowerCase())
export const checkCampaignUnsubscribe = (secret: string, email: string, campaignId: number | null, sig: string) =>
  safeEqual(sig, campaignUnsubscribeSignature(secret, email, campaignId))
export function newsletterUnsubscribeUrl(secret: string, siteUrl: string, email: string, campaignId: number | null = null) {
  const query = new URLSearchParams({
    email: email.toLowerCase(),
    ...(campaignId ? { c: String(campaignId) } : {}),
    sig: campaignUnsubscribeSignature(secret, email, campaignId),
  })
  return `${origin(siteUrl)}/api/newsletter/unsubscribe?${query}`
}

// Open and click links: subscriber 0 when tracking is off (aggregate counts only).
const trackSignature = (secret: string, kind: 'o' | 'c', campaignId: number, link: number, subscriberId: number) =>
  mac(secret, `newsletter-${kind}:${campaignId}:${link}:${subscriberId}`, 22)
export const openPixelUrl = (secret: string, siteUrl: string, campaignId: number, subscriberId: number) =>
  `${origin(siteUrl)}/api/newsletter/o/${campaignId}/${subscriberId}/${trackSignature(secret, 'o', campaignId, 0, subscriberId)}.gif`
export const clickUrl = (secret: string, siteUrl: string, campaignId: number, position: number, subscriberId: number) =>
  `${origin(siteUrl)}/api/newsletter/c/${campaignId}/${position}/${subscriberId}/${trackSignature(secret, 'c', campaignId, position, subscriberId)}`
export const checkTrackSignature = (secret: string, kind: 'o' | 'c', campaignId: number, link: number, subscriberId: number, sig: string) =>
  safeEqual(sig, trackSignature(secret, kind, campaignId, link, subscriberId))

/** The target of a tracked link with the campaign's UTM parameters (existing ones are kept). */
export function withUtm(url: string, slug: string, siteOrigin: string): string {
  let u: URL
  try {
    u = new URL(url, siteOrigin)
  } catch {
    return url
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return url
  if (!u.searchParams.has('utm_source')) u.searchParams.set('utm_source', 'newsletter')
  if (!u.searchParams.has('utm_medium')) u.searchParams.set('utm_medium', 'email')
  if (!u.searchParams.has('utm_campaign')) u.searchParams.set('utm_campaign', slug)
  return u.toString()
}
