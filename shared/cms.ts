// The /admin/cms contract: page-level head overrides and the inventory rows. Shared by the server,
// the build and the admin screen. See docs/decisions/111-cms-inventory-and-overrides.md.
import { z } from 'zod'

/** The limits the build enforces on every head (pages/_shared/headText.ts). */
export const TITLE_MAX = 60
export const DESCRIPTION_MAX = 160
/** Fewer words than this in <main> is a thin page. */
export const THIN_WORDS = 300

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

export const PageOverrideSchema = z.object({
  title: z
    .preprocess(emptyToNull, z.string().trim().min(10, 'At least 10 characters.').max(TITLE_MAX, `At most ${TITLE_MAX} characters.`).nullable())
    .default(null),
  description: z
    .preprocess(emptyToNull, z.string().trim().min(50, 'At least 50 characters.').max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters.`).nullable())
    .default(null),
  noindex: z.boolean().nullable().default(null),
  canonical: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .max(2048)
        .refine((v) => /^\/(?!\/)[^\s?#]*$/.test(v) || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(v), 'A site path such as /services, or a full http(s) URL.')
        .nullable(),
    )
    .default(null),
})
export type PageOverride = z.infer<typeof PageOverrideSchema>

export const ISSUE_KINDS = ['duplicate-title', 'long-title', 'long-description', 'thin', 'orphan', 'broken-link'] as const
export type IssueKind = (typeof ISSUE_KINDS)[number]
export const ISSUE_LABELS: Record<IssueKind, string> = {
  'duplicate-title': 'Duplicate title',
  'long-title': 'Title over 60 characters',
  'long-description': 'Description over 160 characters',
  thin: `Thin page (under ${THIN_WORDS} words)`,
  orphan: 'Orphan page (no internal link in)',
  'broken-link': 'Broken internal link',
}

/** One row of the inventory as the admin API answers it. `id` is the URL. */
export type CmsPage = {
  id: string
  url: string
  family: string
  /** "file" (with its data files and record) or "database". */
  source: 'file' | 'database'
  sourceFiles: string[]
  record: string
  title: string
  titleLength: number
  description: string
  descriptionLength: number
  words: number
  lastModified: string
  indexable: boolean
  canonical: string
  linksIn: number
  linksOut: number
  brokenLinks: string[]
  issues: IssueKind[]
  views30d: number | null
  leads30d: number | null
  override: (PageOverride & { updated_at: string; updated_by: number | null }) | null
}
