// The /api/admin/syndication* calls the screen makes beyond ra-data-simple-rest.
import type { FeedSettings } from '../../shared/feeds.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'

export type ProviderStatus = { id: 'devto' | 'medium' | 'linkedin'; name: string; state: 'not connected' | 'test' | 'live'; reason: string }
export type WebSubReceipt = { at: string; hub: string; feeds: string[]; ok: boolean; status: number | null; error: string | null }
export type WebSubState = { state: 'not connected' | 'live'; hubUrl: string | null; reason: string; last: WebSubReceipt | null }
export type SyndicationSettings = { feeds: FeedSettings; websub: WebSubState; providers: ProviderStatus[] }
export type SyndicationLink = {
  id: number
  post_url: string
  provider: string
  state: 'prepared' | 'posted'
  url: string | null
  receipt: Record<string, unknown> | null
  updated_at: string
}
export type SyndicationCopy = { title: string; markdown: string; canonicalUrl: string; tags: string[]; description: string }
export type FeedDay = { day: string; fetchers: number; subscribers: number; hits: number }
export type FeedReader = { agent: string; subscribers: number; fetchers: number; hits: number; lastDay: string }

const json = (method: string, body?: unknown) => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
})
const post = (id: string) => `${apiUrl}/syndication/${encodeURIComponent(id)}`

export const syndicationApi = {
  settings: async (): Promise<SyndicationSettings> => (await httpClient(`${apiUrl}/syndication-settings`)).json,
  saveSettings: async (feeds: FeedSettings): Promise<{ feeds: FeedSettings; written: string[]; pingJob: number | null; websub: WebSubState }> =>
    (await httpClient(`${apiUrl}/syndication-settings`, json('PUT', feeds))).json,
  ping: async (): Promise<{ pingJob: number; feeds: number }> => (await httpClient(`${apiUrl}/syndication-settings/ping`, json('POST', {}))).json,
  analytics: async (days: number, feed: string): Promise<{ series: FeedDay[]; readers: FeedReader[] }> =>
    (await httpClient(`${apiUrl}/syndication-analytics?${new URLSearchParams({ days: String(days), ...(feed ? { feed } : {}) })}`)).json,
  copy: async (id: string, provider: string): Promise<{ copy: SyndicationCopy; links: SyndicationLink[] }> =>
    (await httpClient(`${post(id)}/copy`, json('POST', { provider }))).json,
  paste: async (id: string, provider: string, url: string): Promise<{ links: SyndicationLink[] }> =>
    (await httpClient(`${post(id)}/links`, json('POST', { provider, url }))).json,
  publish: async (id: string, provider: string): Promise<{ links: SyndicationLink[] }> =>
    (await httpClient(`${post(id)}/publish`, json('POST', { provider }))).json,
  remove: async (id: string, provider: string): Promise<{ links: SyndicationLink[] }> =>
    (await httpClient(`${post(id)}/links/${provider}`, { method: 'DELETE' })).json,
  exportUrl: (filter: Record<string, unknown>) => `${apiUrl}/syndication/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
}
