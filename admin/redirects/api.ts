// The redirect calls beyond ra-data-simple-rest: CSV export URL, import (dry run or real),
// suggestions for a 404 path.
import type { RedirectImportReport } from '../../shared/redirects.ts'
import { apiUrl, httpClient, type ListQuery } from '../dataProvider.ts'

export type { RedirectImportReport }
export type ImportFormat = 'csv' | 'htaccess' | 'nginx'

export function redirectsExportUrl({ filter = {} }: ListQuery) {
  return `${apiUrl}/redirects/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`
}

export async function importRedirects(text: string, format: ImportFormat, dryRun: boolean): Promise<RedirectImportReport> {
  const { json } = await httpClient(`${apiUrl}/redirects/import?format=${format}&dryRun=${dryRun ? 1 : 0}`, {
    method: 'POST',
    body: text,
    headers: { 'Content-Type': format === 'csv' ? 'text/csv' : 'text/plain' },
  })
  return json
}

export async function notFoundSuggestions(id: number | string): Promise<{ path: string; urls: string[] }> {
  const { json } = await httpClient(`${apiUrl}/not-found/${encodeURIComponent(String(id))}/suggestions`)
  return json
}
