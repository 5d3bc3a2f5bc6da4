// Human or machine: an open or click fetched by a mail provider's proxy or a security scanner is
// not a person reading (listmonk #1025: "open rate hits 50% within a minute").
// docs/decisions/142-newsletter-tracking.md
export type OpenVerdict = { machine: boolean; reason: '' | 'no-user-agent' | 'apple-mpp' | 'gmail-proxy' | 'yahoo-proxy' | 'scanner' | 'too-fast' }

/** Opens this soon after the send are prefetches (Apple MPP, scanners), never a reader. */
export const MACHINE_OPEN_WINDOW_MS = 10_000
/** Clicks this soon after the send are link scanners following every link. */
export const MACHINE_CLICK_WINDOW_MS = 5_000

const SCANNERS =
  /bot\b|crawler|spider|barracuda|mimecast|proofpoint|symantec|trendmicro|fortinet|sophos|forcepoint|cisco|ironport|headlesschrome|phantomjs|python|curl\/|wget|go-http-client|java\/|libwww|okhttp|axios|node-fetch|undici|postman|preview/i

export function classifyOpen(input: { userAgent: string; sentAt: number | null; now: number; kind: 'open' | 'click' }): OpenVerdict {
  const ua = input.userAgent.trim()
  if (!ua) return { machine: true, reason: 'no-user-agent' }
  if (/GoogleImageProxy|ggpht\.com/i.test(ua)) return { machine: true, reason: 'gmail-proxy' }
  if (/YahooMailProxy/i.test(ua)) return { machine: true, reason: 'yahoo-proxy' }
  // Apple Mail Privacy Protection fetches every image through Apple's proxy with a bare
  // "Mozilla/5.0" (no platform, no engine): a real Mail client sends AppleWebKit and more.
  if (input.kind === 'open' && /^Mozilla\/5\.0$/i.test(ua)) return { machine: true, reason: 'apple-mpp' }
  if (SCANNERS.test(ua)) return { machine: true, reason: 'scanner' }
  const window = input.kind === 'open' ? MACHINE_OPEN_WINDOW_MS : MACHINE_CLICK_WINDOW_MS
  if (input.sentAt !== null && input.now - input.sentAt < window) return { machine: true, reason: 'too-fast' }
  return { machine: false, reason: '' }
}
