// The newsletter's calls beyond ra-data-simple-rest: exports, import, bounces, campaign preview,
// test send, send/schedule, cancel, report, recent posts, audience count, mail state and test, growth.
import type { CampaignReport } from '../../shared/newsletter.ts'
import { apiUrl, httpClient, type ListQuery } from '../dataProvider.ts'

const post = async <T>(path: string, body: unknown = {}): Promise<T> =>
  (await httpClient(`${apiUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })).json as T
const get = async <T>(path: string): Promise<T> => (await httpClient(`${apiUrl}${path}`)).json as T

export const subscribersExportUrl = ({ filter = {} }: ListQuery) =>
  `${apiUrl}/subscribers/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`
export const growthCsvUrl = (days: number) => `${apiUrl}/subscribers/growth?days=${days}&format=csv`

export type ImportReport = {
  dryRun: boolean
  total: number
  created: number
  updated: number
  skipped: number
  errors: Array<{ line: number; field: string; message: string }>
  rows: Array<{ line: number; email: string; outcome: string; message?: string }>
}
export async function importSubscribers(csv: string, consent: string, listId: number | null, dryRun: boolean): Promise<ImportReport> {
  const query = new URLSearchParams({ dryRun: dryRun ? '1' : '0', consent, ...(listId ? { listId: String(listId) } : {}) })
  return (await httpClient(`${apiUrl}/subscribers/import?${query}`, { method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } })).json
}
export const addBounce = (id: number | string, type: string, note: string) => post<{ action: string }>(`/subscribers/${id}/bounces`, { type, note })

export type Preview = { subject: string; html: string; text: string; links: string[]; recipients: number }
export const campaignPreview = (id: number | string) => get<Preview>(`/newsletter-campaigns/${id}/preview`)
export const campaignReport = (id: number | string) => get<CampaignReport>(`/newsletter-campaigns/${id}/report`)
export const testCampaign = (id: number | string, to?: string) => post<{ to: string; messageId: string }>(`/newsletter-campaigns/${id}/test`, to ? { to } : {})
export const sendCampaign = (id: number | string, at?: string) =>
  post<{ status: string; audience: number }>(`/newsletter-campaigns/${id}/send`, at ? { at } : {})
export const cancelCampaign = (id: number | string) => post<{ status: string }>(`/newsletter-campaigns/${id}/cancel`)
export const recentPosts = (count: number) =>
  get<{ markdown: string; posts: Array<{ slug: string; title: string }> }>(`/newsletter-campaigns/recent-posts?count=${count}`)
export const audienceCount = (list_id: number | null, segment: Record<string, unknown> | null) =>
  post<{ recipients: number }>('/newsletter-campaigns/audience', { list_id, segment })

export type MailState = {
  provider: string
  state: 'not-connected' | 'test' | 'live'
  description: string
  from: string
  siteUrl: string
  ratePerSecond: number
  batchSize: number
  bounceWebhook: string
}
export const mailState = () => get<MailState>('/newsletter-settings/mail')
export const mailTest = (send: boolean) => post<{ ok: boolean; message: string; messageId: string | null }>('/newsletter-settings/mail/test', { send })

export type Growth = {
  from: string
  to: string
  sources: string[]
  days: Array<{ date: string; signups: Record<string, number>; gained: number; lost: number; net: number; active: number; churn: number | null }>
  totals: { signups: number; gained: number; lost: number; net: number; activeAtStart: number; activeAtEnd: number }
}
export const growth = (days: number) => get<Growth>(`/subscribers/growth?days=${days}`)
export const listCounts = () => get<Record<string, Record<string, number>>>('/newsletter-lists/counts')
