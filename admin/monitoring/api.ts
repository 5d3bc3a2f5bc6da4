// Monitoring's own calls beside the generic list/show of the data provider (issue 14).
import type { Identifier } from 'react-admin'
import { apiUrl, httpClient, type ListQuery } from '../dataProvider.ts'

const post = async (path: string, body: unknown = {}) =>
  (await httpClient(`${apiUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })).json
const put = async (path: string, body: unknown) =>
  (await httpClient(`${apiUrl}${path}`, { method: 'PUT', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })).json
export const getJson = async <T>(path: string): Promise<T> => (await httpClient(`${apiUrl}${path}`)).json as T

export type ErrorStatus = 'open' | 'resolved' | 'ignored'
export const ERROR_STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'resolved', name: 'Resolved' },
  { id: 'ignored', name: 'Ignored' },
]
export const ERROR_SOURCE_CHOICES = [
  { id: 'browser', name: 'Browser' },
  { id: 'server', name: 'Server' },
]

export const setErrorStatus = (id: Identifier, status: ErrorStatus) => post(`/error-groups/${encodeURIComponent(String(id))}/status`, { status })
export type ErrorDetails = {
  daily: Array<{ day: string; count: number }>
  recent: Array<{ id: number; at: string; path: string; browser: string; release: string }>
}
export const errorDetails = (id: Identifier) => getJson<ErrorDetails>(`/error-groups/${encodeURIComponent(String(id))}/details`)
export const errorGroupsExportUrl = ({ filter = {} }: ListQuery) =>
  `${apiUrl}/error-groups/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`

export const discardJob = (id: Identifier) => post(`/jobs/${encodeURIComponent(String(id))}/discard`)

export type AlertSettings = {
  email: string | null
  webhook_url: string | null
  max_per_hour: number
  updated_at: string | null
  channels: { email: string; webhook: string }
  smtpConfigured: boolean
  lastEmail: { status: string; at: string } | null
  lastWebhook: { status: string; at: string } | null
}
export const alertSettings = () => getJson<AlertSettings>('/alerts/settings')
export const saveAlertSettings = (data: { email: string; webhook_url: string; max_per_hour: number }) => put('/alerts/settings', data) as Promise<AlertSettings>
export const sendTestAlert = () => post('/alerts/test') as Promise<{ id: number; delivery: string }>

/** Starts a download of a URL of the admin API (CSV exports). */
export function download(url: string, name: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
}
