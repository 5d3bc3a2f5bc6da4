// ra-data-simple-rest over /api/admin, with the session cookie and the CSRF token on every
// request, the bulk endpoints (one request per bulk action, not one per id) and the custom
// calls of the admin API (convert, move, export, import, merge, dashboard, invitations).
import simpleRestProvider from 'ra-data-simple-rest'
import { fetchUtils, type DataProvider, type Identifier, type RaRecord } from 'react-admin'
import type { Dashboard, DemoDataCounts, ImportReport } from '../shared/adminContract.ts'
import { getCsrfToken } from './authState.ts'

export const apiUrl = '/api/admin'

export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers)
  if (!headers.has('Accept')) headers.set('Accept', 'application/json')
  const token = getCsrfToken()
  if (token) headers.set('X-CSRF-Token', token)
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' })
}

const base = simpleRestProvider(apiUrl, httpClient)

const jsonBody = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })

export type ConvertResult = { contact: RaRecord; company: RaRecord; deal: RaRecord | null }
export type DealMove = { id: Identifier; stage: string; index: number }
export type ListQuery = { filter?: Record<string, unknown>; sort?: { field: string; order: 'ASC' | 'DESC' } }

/** A job application's résumé, served as a download after the session and role check. */
export const leadResumeUrl = (id: Identifier) => `${apiUrl}/leads/${encodeURIComponent(String(id))}/resume`

/** The URL of the streamed CSV of every lead matching the list's filter and sort. */
export function leadsExportUrl({ filter = {}, sort }: ListQuery) {
  const query = new URLSearchParams({ filter: JSON.stringify(filter) })
  if (sort) query.set('sort', JSON.stringify([sort.field, sort.order]))
  return `${apiUrl}/leads/export.csv?${query}`
}

export const dataProvider = {
  ...base,
  async create(resource, params) {
    if (resource !== 'users') return base.create(resource, params)
    // An invitation answers { user, temporaryPassword }: the password is shown once.
    const { json } = await httpClient(`${apiUrl}/users`, { method: 'POST', ...jsonBody(params.data) })
    return { data: { ...json.user, temporaryPassword: json.temporaryPassword } }
  },
  async updateMany(resource, params) {
    const { json } = await httpClient(`${apiUrl}/${resource}/bulk`, { method: 'PUT', ...jsonBody({ ids: params.ids, data: params.data }) })
    return { data: json.ids }
  },
  async deleteMany(resource, params) {
    const { json } = await httpClient(`${apiUrl}/${resource}/bulk`, { method: 'DELETE', ...jsonBody({ ids: params.ids }) })
    return { data: json.ids }
  },
  async convertLead(id: Identifier, deal?: { name: string; amount?: number; stage?: string }): Promise<ConvertResult> {
    const { json } = await httpClient(`${apiUrl}/leads/${id}/convert`, { method: 'POST', ...jsonBody(deal ? { deal } : {}) })
    return json
  },
  async moveDeal(id: Identifier, stage: string, index: number): Promise<DealMove> {
    const { json } = await httpClient(`${apiUrl}/deals/${id}/move`, { method: 'PUT', ...jsonBody({ stage, index }) })
    return json
  },
  /** Lets the browser stream the CSV straight to disk (no buffering of the whole file in the page). */
  async exportLeads(query: ListQuery): Promise<string> {
    const link = document.createElement('a')
    link.href = leadsExportUrl(query)
    link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`
    document.body.append(link)
    link.click()
    link.remove()
    return link.href
  },
  async importContacts(csv: string, dryRun: boolean): Promise<ImportReport> {
    const { json } = await httpClient(`${apiUrl}/contacts/import?dryRun=${dryRun ? 1 : 0}`, {
      method: 'POST',
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    })
    return json
  },
  async mergeContacts(keepId: Identifier, mergeId: Identifier): Promise<RaRecord> {
    const { json } = await httpClient(`${apiUrl}/contacts/merge`, { method: 'POST', ...jsonBody({ keepId, mergeId }) })
    return json
  },
  async resetPassword(userId: Identifier): Promise<{ temporaryPassword: string }> {
    const { json } = await httpClient(`${apiUrl}/users/${userId}/reset-password`, { method: 'POST', ...jsonBody({}) })
    return json
  },
  async demoData(): Promise<DemoDataCounts> {
    const { json } = await httpClient(`${apiUrl}/demo-data`)
    return json
  },
  async removeDemoData(): Promise<{ removed: DemoDataCounts }> {
    const { json } = await httpClient(`${apiUrl}/demo-data`, { method: 'DELETE' })
    return json
  },
  async dashboard(): Promise<Dashboard> {
    const { json } = await httpClient(`${apiUrl}/dashboard`)
    return json
  },
} satisfies DataProvider

export type AdminDataProvider = typeof dataProvider
