// The calls of /admin/blog-migration: uploads (XMLHttpRequest, for the upload's progress bar),
// the dry run, its entries and CSV, the import job, missing images, the old-URL check.
import { getCsrfToken } from '../authState.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'

// The report's types are the server's own (type-only: nothing of the server reaches the bundle).
import type { Outcome, Reconciliation } from '../../server/blogImport/reconcile.ts'
export type { Outcome, Reconciliation }

export type ImportSummary = {
  id: number
  kind: 'wordpress' | 'ghost' | 'markdown'
  kindLabel: string
  fileName: string
  fileBytes: number
  mediaName: string | null
  mediaBytes: number | null
  status: 'uploaded' | 'queued' | 'running' | 'done' | 'failed'
  phase: string | null
  itemsTotal: number
  itemsDone: number
  error: string | null
  createdAt: string
  updatedAt: string
  created: number | null
  updated: number | null
  skipped: number | null
  failed: number | null
  hasDryRun: boolean
  /** The dry-run job: null (never run), queued, reading (dryRunDone items read), planning (dryRunDone of dryRunTotal), done or failed (dryRunError). */
  dryRunStatus: 'queued' | 'reading' | 'planning' | 'done' | 'failed' | null
  dryRunDone: number
  dryRunTotal: number
  dryRunError: string | null
}
export type PlanEntry = {
  action: string
  sourceKey: string
  itemType: string
  title: string
  location: string
  slug: string | null
  reason: string
  warnings: string[]
}
export type DryRunSummary = {
  at: string
  entryCount: number
  reconciliation: Reconciliation
  redirects: number
  redirectsSkipped: number
  linkRewrites: number
  images: { found: number; missing: Array<{ url: string; usedBy: string[] }> }
}
export type ImagesState = {
  found: Array<{ url: string; entry: string; path: string; from: string }>
  missing: Array<{ url: string; usedBy: string[] }>
  failed: Array<{ url: string; reason: string }>
  converted: number
}
export type UrlCheck = {
  at: string
  checked: number
  ok: number
  notPublished: number
  failures: Array<{ from: string; status: number | null; finalUrl: string; reason: string }>
}
export type ImportDetail = ImportSummary & {
  report: (Reconciliation & { written?: number; redirects?: number; publish?: { ok: boolean; siteBuilt: boolean; added: number; failures: string[] } }) | null
  images: ImagesState | null
  urlCheck: UrlCheck | null
  dryRun: DryRunSummary | null
}

const base = `${apiUrl}/blog-migration/imports`
const get = async <T>(path: string): Promise<T> => (await httpClient(`${base}${path}`)).json as T
const post = async <T>(path: string): Promise<T> => (await httpClient(`${base}${path}`, { method: 'POST', body: '{}' })).json as T

export const listImports = () => get<ImportSummary[]>('')
export const getImport = (id: number) => get<ImportDetail>(`/${id}`)
export type Progress = Pick<
  ImportSummary,
  'id' | 'status' | 'phase' | 'itemsTotal' | 'itemsDone' | 'error' | 'dryRunStatus' | 'dryRunDone' | 'dryRunTotal' | 'dryRunError'
>
export const getProgress = (id: number) => get<Progress>(`/${id}/progress`)
/** Queues the dry-run job (answered at once); its progress is polled with getProgress. */
export const runDryRun = (id: number) => post<ImportSummary>(`/${id}/dry-run`)
export const startImport = (id: number) => post<ImportSummary>(`/${id}/import`)
export const checkUrls = (id: number) => post<UrlCheck>(`/${id}/check`)
export type PlanFilter = { action?: string; type?: string; q?: string }
const planQuery = (f: PlanFilter, extra: Record<string, string> = {}) =>
  new URLSearchParams(Object.fromEntries(Object.entries({ ...f, ...extra }).filter(([, v]) => v))).toString()
export const planEntries = (id: number, f: PlanFilter, offset: number) =>
  get<{ total: number; offset: number; entries: PlanEntry[] }>(`/${id}/plan?${planQuery(f, { offset: String(offset), limit: '100' })}`)
export const planCsvUrl = (id: number, f: PlanFilter) => `${base}/${id}/plan.csv?${planQuery(f)}`

export class UploadError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(message)
  }
}

/** POSTs a form with files, reporting the bytes sent; rejects with the API's message and field errors. */
export function uploadForm<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${base}${path}`)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    const token = getCsrfToken()
    if (token) xhr.setRequestHeader('X-CSRF-Token', token)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onerror = () => reject(new UploadError('The upload did not reach the server. Check your connection and try again.', {}))
    xhr.onload = () => {
      let body: { message?: string; errors?: Record<string, string> } | null = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T)
      else reject(new UploadError(body?.message ?? `The upload failed (HTTP ${xhr.status}).`, body?.errors ?? {}))
    }
    xhr.send(form)
  })
}
export const uploadExport = (form: FormData, onProgress: (f: number) => void) => uploadForm<ImportSummary>('', form, onProgress)
export const provideImages = (id: number, form: FormData, onProgress: (f: number) => void) =>
  uploadForm<{ matched: string[]; unused: string[]; postsChanged: number; images: ImagesState; publish: { ok: boolean; siteBuilt: boolean } | null }>(
    `/${id}/images`,
    form,
    onProgress,
  )
