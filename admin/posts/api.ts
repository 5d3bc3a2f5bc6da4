// The post calls beyond ra-data-simple-rest: save/autosave, publish, schedule, unpublish, impact
// preview, revisions (diff, restore), file posts and their import, settings.
import type { UsedKeyphrase } from '../../shared/seo.ts'
import { apiUrl, httpClient, type ListQuery } from '../dataProvider.ts'

export type Impact = { added: string[]; changed: string[]; removed: string[] }
/** webSubPing: the job pinging the WebSub hub with the feeds written (none without a hub). */
export type Receipt = { ok: boolean; impact: Impact; written: string[]; failures: string[]; durationMs: number; siteBuilt: boolean; webSubPing?: number | null }
export type PostFields = {
  title: string
  slug: string
  body: string
  excerpt: string
  tags: string[]
  author: string
  publishAt: string | null
  unpublishAt: string | null
  seoTitle: string | null
  seoDescription: string | null
  canonicalUrl: string | null
  noindex: boolean
  focusKeyphrase: string | null
  featuredImage: string | null
  featuredImageAlt: string | null
}
export type PostRecord = PostFields & {
  id: number
  status: 'draft' | 'scheduled' | 'published' | 'archived'
  draft: PostFields
  hasPendingDraft: boolean
  url: string
  brokenLinks?: string[]
  approvalRequestedBy: number | null
  approvalRequired?: boolean
  source: string
  sourcePath: string | null
  receipts?: (Receipt & { id: number; action: string; createdAt: string })[]
}
export type Revision = { number: number; kind: string; createdAt: string; title: string }
export type LineChange = { op: 'same' | 'add' | 'remove'; text: string }
export type FieldChange = { field: string; from: unknown; to: unknown; lines?: LineChange[] }
export type FilePost = { id: string; slug: string; title: string; date: string; author: string; tags: string[]; sourcePath: string; url: string }

export type UploadedImage = {
  id: number
  url: string
  alt: string
  markdown: string
  width: number
  height: number
  variants: { width: number; height: number; url: string; bytes: number }[]
}
export type SeoCatalog = { posts: (UsedKeyphrase & { id: number })[]; pages: UsedKeyphrase[]; from: string }

const base = (id: number | string) => `${apiUrl}/posts/${encodeURIComponent(String(id))}`
const send = async <T>(url: string, method: string, body?: unknown): Promise<T> =>
  (await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json as T

export const postsApi = {
  get: (id: number | string) => send<PostRecord>(base(id), 'GET'),
  save: (id: number | string, fields: Partial<PostFields>, autosave = false) => send<PostRecord>(`${base(id)}${autosave ? '?autosave=1' : ''}`, 'PUT', fields),
  impact: (id: number | string, action: 'publish' | 'unpublish') => send<Receipt>(`${base(id)}/impact?action=${action}`, 'GET'),
  publish: (id: number | string) => send<{ receipt?: Receipt; post: PostRecord; requested?: boolean; message?: string }>(`${base(id)}/publish`, 'POST', {}),
  approve: (id: number | string) => send<{ receipt: Receipt; post: PostRecord }>(`${base(id)}/approve`, 'POST', {}),
  schedule: (id: number | string, publishAt: string) => send<PostRecord>(`${base(id)}/schedule`, 'POST', { publishAt }),
  unpublish: (id: number | string, target: string | null) => send<{ receipt: Receipt | null; post: PostRecord }>(`${base(id)}/unpublish`, 'POST', { target }),
  discardDraft: (id: number | string) => send<PostRecord>(`${base(id)}/discard-draft`, 'POST', {}),
  revisions: (id: number | string) => send<Revision[]>(`${base(id)}/revisions`, 'GET'),
  diff: (id: number | string, from: number, to: number) => send<{ changes: FieldChange[] }>(`${base(id)}/diff?from=${from}&to=${to}`, 'GET'),
  restore: (id: number | string, n: number) => send<PostRecord>(`${base(id)}/revisions/${n}/restore`, 'POST', {}),
  /** Multipart upload: the image and its alt text; the server answers the webp variants and the Markdown. */
  uploadImage: async (file: File, alt: string) => {
    const form = new FormData()
    form.set('alt', alt)
    form.set('file', file, file.name)
    return (await httpClient(`${apiUrl}/posts/media`, { method: 'POST', body: form })).json as UploadedImage
  },
  seoCatalog: () => send<SeoCatalog>(`${apiUrl}/posts/seo-catalog`, 'GET'),
  previewLink: (id: number | string, ttlHours?: number) =>
    send<{ url: string; expiresAt: string }>(`${base(id)}/preview-link`, 'POST', ttlHours ? { ttlHours } : {}),
  revokePreviewLinks: (id: number | string) => send<{ revokedAt: string; generation: number }>(`${base(id)}/preview-links/revoke`, 'POST', {}),
  files: () => send<FilePost[]>(`${apiUrl}/posts/files`, 'GET'),
  importFile: (slug: string) => send<PostRecord & { receipt: Receipt }>(`${apiUrl}/posts/import-file`, 'POST', { slug }),
  settings: () => send<{ approvalRequired: boolean }>(`${apiUrl}/posts/settings`, 'GET'),
  saveSettings: (approvalRequired: boolean) => send<{ approvalRequired: boolean }>(`${apiUrl}/posts/settings`, 'PUT', { approvalRequired }),
}

export const postsExportUrl = ({ filter = {} }: ListQuery) => `${apiUrl}/posts/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`
export const tagsExportUrl = ({ filter = {} }: ListQuery) => `${apiUrl}/tags/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`
