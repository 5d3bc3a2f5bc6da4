// The job queue's own calls (beside the generic list/show of the data provider): Retry of a
// failed job, and the URL of the streamed CSV of the list's current filter.
import type { Identifier, RaRecord } from 'react-admin'
import { apiUrl, httpClient, type ListQuery } from '../dataProvider.ts'

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const
export const jobStateChoices = JOB_STATES.map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) }))

export async function retryJob(id: Identifier): Promise<RaRecord> {
  const { json } = await httpClient(`${apiUrl}/jobs/${encodeURIComponent(String(id))}/retry`, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json' },
  })
  return json
}

export function jobsExportUrl({ filter = {} }: ListQuery) {
  return `${apiUrl}/jobs/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`
}
