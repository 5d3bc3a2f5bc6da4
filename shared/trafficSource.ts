// Spec section 9: the traffic source of a visit. utm_source wins when present; otherwise the
// referrer decides: a search engine is organic search, a social site social media, any other
// site a referral, and no referrer direct traffic.
// Shared by the server (lead attribution) and the browser (client/tracker/attribution.ts).
// A country-code or generic top-level domain: google.com, google.de, google.co.uk, google.com.au.
const tld = String.raw`(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})`
const site = (name: string) => new RegExp(String.raw`(^|\.)${name}\.${tld}$`)

const searchEngines = [
  site('google'),
  /(^|\.)bing\.com$/,
  site('yahoo'),
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)baidu\.com$/,
  site('yandex'),
  /(^|\.)ecosia\.org$/,
  /(^|\.)ask\.com$/,
  /(^|\.)aol\.com$/,
  /(^|\.)startpage\.com$/,
  /(^|\.)search\.brave\.com$/,
  /(^|\.)qwant\.com$/,
  /(^|\.)naver\.com$/,
  /(^|\.)seznam\.cz$/,
]

const socialSites = [
  /(^|\.)facebook\.com$/,
  /(^|\.)fb\.com$/,
  /(^|\.)fb\.me$/,
  /(^|\.)instagram\.com$/,
  /(^|\.)twitter\.com$/,
  /(^|\.)x\.com$/,
  /^t\.co$/,
  /(^|\.)linkedin\.com$/,
  /^lnkd\.in$/,
  site('pinterest'),
  /(^|\.)reddit\.com$/,
  /(^|\.)youtube\.com$/,
  /^youtu\.be$/,
  /(^|\.)tiktok\.com$/,
  /(^|\.)threads\.net$/,
  /(^|\.)snapchat\.com$/,
  /(^|\.)tumblr\.com$/,
  /(^|\.)quora\.com$/,
  /(^|\.)whatsapp\.com$/,
  /(^|\.)telegram\.org$/,
  /^t\.me$/,
  /(^|\.)bsky\.app$/,
  /(^|\.)mastodon\.social$/,
]

export type TrafficSource = 'organic-search' | 'social-media' | 'referral' | 'direct-traffic' | (string & {})

function referrerHost(referrer: string): string {
  const value = referrer.trim()
  if (!value) return ''
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname.toLowerCase().replace(/\.$/, '')
  } catch {
    return ''
  }
}

export function classifyTrafficSource({ utmSource, referrer }: { utmSource?: string | null; referrer?: string | null }): TrafficSource {
  const utm = (utmSource ?? '').trim()
  if (utm) return utm
  const raw = (referrer ?? '').trim()
  if (!raw) return 'direct-traffic'
  const host = referrerHost(raw)
  if (searchEngines.some((re) => re.test(host))) return 'organic-search'
  if (socialSites.some((re) => re.test(host))) return 'social-media'
  return 'referral'
}
