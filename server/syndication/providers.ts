// Cross-posting targets behind one interface (issue 11): each target has an honest state (not
// connected / test / live) for its API, and always the manual path: the server prepares the
// canonical-linked copy, staff paste it on the target, and paste the article's URL back. A link
// is "posted" only with a URL (manual) or a provider receipt (API). See docs/decisions/112.
import type { Env } from '../env.ts'

export type ProviderState = 'not connected' | 'test' | 'live'
export type SyndicationCopy = { title: string; markdown: string; canonicalUrl: string; tags: string[]; description: string }
export type PublishReceipt = { url: string; receipt: Record<string, unknown> }

export type SyndicationProvider = {
  id: 'devto' | 'medium' | 'linkedin'
  name: string
  /** Host names an article URL pasted back must be on (a suffix match). */
  hosts: string[]
  status(env: Env): { state: ProviderState; reason: string }
  /** Publishes through the target's API; only called when status is test or live. */
  publish?(copy: SyndicationCopy, env: Env, signal?: AbortSignal): Promise<PublishReceipt>
}

const devto: SyndicationProvider = {
  id: 'devto',
  name: 'DEV (dev.to)',
  hosts: ['dev.to'],
  status(env) {
    if (!env.DEVTO_API_KEY)
      return {
        state: 'not connected',
        reason: 'Set DEVTO_API_KEY (dev.to → Settings → Extensions → API keys) to publish through the API; until then use the manual copy.',
      }
    return env.DEVTO_MODE === 'live'
      ? { state: 'live', reason: 'Articles are published on dev.to with their canonical URL.' }
      : { state: 'test', reason: 'Test mode: articles are created as unpublished drafts on dev.to (DEVTO_MODE=live publishes).' }
  },
  async publish(copy, env, signal) {
    const response = await fetch(`${env.DEVTO_API_URL.replace(/\/+$/, '')}/articles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'api-key': env.DEVTO_API_KEY ?? '', Accept: 'application/vnd.forem.api-v1+json' },
      body: JSON.stringify({
        article: {
          title: copy.title,
          body_markdown: copy.markdown,
          published: env.DEVTO_MODE === 'live',
          canonical_url: copy.canonicalUrl,
          description: copy.description,
          tags: copy.tags.map((t) => t.replace(/[^a-z0-9]/g, '')).slice(0, 4),
        },
      }),
      signal: signal ?? AbortSignal.timeout(15_000),
    })
    const body = (await response.json().catch(() => null)) as { id?: number; url?: string; error?: string } | null
    if (response.status !== 201 || !body?.url)
      throw new Error(`dev.to answered HTTP ${response.status}${body?.error ? `: ${body.error}` : ''}; nothing was posted.`)
    return { url: body.url, receipt: { id: body.id ?? null, status: response.status, published: env.DEVTO_MODE === 'live' } }
  },
}

const medium: SyndicationProvider = {
  id: 'medium',
  name: 'Medium',
  hosts: ['medium.com'],
  status: () => ({
    state: 'not connected',
    reason:
      'Medium no longer issues API integration tokens. Use the manual copy, or Medium’s “Import a story” with the canonical URL, then paste the story URL here.',
  }),
}

const linkedin: SyndicationProvider = {
  id: 'linkedin',
  name: 'LinkedIn articles',
  hosts: ['linkedin.com'],
  status: () => ({
    state: 'not connected',
    reason:
      'LinkedIn offers no API for articles. Paste the manual copy into a new article (its last line links the original), then paste the article URL here.',
  }),
}

export const PROVIDERS: SyndicationProvider[] = [devto, medium, linkedin]
export const providerOf = (id: string) => PROVIDERS.find((p) => p.id === id) ?? null

/** The article URL staff paste back, checked against the target's hosts. */
export function checkArticleUrl(provider: SyndicationProvider, value: unknown): string | null {
  if (typeof value !== 'string') return null
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase()
  return provider.hosts.some((h) => host === h || host.endsWith(`.${h}`)) && url.pathname.length > 1 ? url.toString() : null
}

/** The copy to cross-post: absolute links, the canonical URL, and a last line naming the original. */
export function prepareCopy(
  post: { title: string; description: string; markdown: string; tags: string[] },
  canonicalUrl: string,
  siteUrl: string,
  brand: string,
): SyndicationCopy {
  const absolute = post.markdown.replace(/\]\((\/(?!\/)[^)\s]*)/g, (_m, p: string) => `](${siteUrl}${p}`)
  const markdown = `${absolute.trim()}\n\n---\n\n*This article was first published on the [${brand} blog](${canonicalUrl}).*\n`
  return { title: post.title, description: post.description, markdown, canonicalUrl, tags: post.tags }
}
