// The contract of blog posts and tags kept in the database (issue 11): the admin's forms and the
// server validate with the same schemas. The limits are the build's (data/schema.ts): a head
// title of at most 60 characters, a description of at most 160, lowercase slugs.
import { z } from 'zod'

export const TITLE_MAX = 60
export const DESCRIPTION_MAX = 160
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SlugSchema = z
  .string({ error: 'Enter a slug.' })
  .trim()
  .min(1, 'Enter a slug.')
  .max(100, 'Use at most 100 characters.')
  .regex(SLUG_RE, 'Use lowercase letters, digits and single hyphens, like "local-seo-checklist".')

/** A canonical URL: a path of this site (one leading slash, no query or fragment) or a full http(s) URL. */
const SITE_PATH_RE = /^\/(?!\/)[^\s?#]*$/
const ABSOLUTE_URL_RE = /^https?:\/\/[^\s/?#]+(\/[^\s]*)?$/

const optionalText = (max: number, message = `Use at most ${max} characters.`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null))

const isoTime = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null
    const t = Date.parse(v)
    if (Number.isNaN(t)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a date and time, like 2026-12-01T09:00.' })
      return z.NEVER
    }
    return new Date(t).toISOString()
  })

/** The editable fields of a post. A draft may be incomplete; publishing checks more (postReadiness). */
export const PostFieldsSchema = z.object({
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(1, 'Enter a title.')
    .max(TITLE_MAX, `Keep the title to at most ${TITLE_MAX} characters: it is the page title in search results.`),
  slug: SlugSchema,
  body: z.string().max(200_000, 'Use at most 200,000 characters.').default(''),
  excerpt: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Keep the excerpt to at most ${DESCRIPTION_MAX} characters: it is the description in search results.`)
    .default(''),
  tags: z
    .array(SlugSchema, { error: 'Give the tags as a list.' })
    .max(10, 'Use at most 10 tags.')
    .default([])
    .transform((tags) => [...new Set(tags)]),
  author: z.string({ error: 'Enter the author.' }).trim().min(1, 'Enter the author.').max(120, 'Use at most 120 characters.'),
  publishAt: isoTime,
  unpublishAt: isoTime,
  seoTitle: optionalText(TITLE_MAX, `Keep the SEO title to at most ${TITLE_MAX} characters.`),
  seoDescription: optionalText(DESCRIPTION_MAX, `Keep the SEO description to at most ${DESCRIPTION_MAX} characters.`),
  canonicalUrl: optionalText(2048)
    .refine((v) => v == null || SITE_PATH_RE.test(v) || ABSOLUTE_URL_RE.test(v), 'Enter a site path like /services/seo or a full https:// URL.')
    .transform((v) => (v && v.length > 1 && v.startsWith('/') ? v.replace(/\/+$/, '') : v)),
  noindex: z.boolean().default(false),
  focusKeyphrase: optionalText(120),
  featuredImage: optionalText(2048).refine((v) => v == null || /^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(v), 'Enter an image path like /media/posts/x.webp.'),
  featuredImageAlt: optionalText(300),
})
export type PostFields = z.output<typeof PostFieldsSchema>

const withImageAlt = <T extends z.ZodType<Partial<PostFields>>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    const post = v as Partial<PostFields>
    if (post.featuredImage && !post.featuredImageAlt)
      ctx.addIssue({ code: 'custom', path: ['featuredImageAlt'], message: 'Describe the featured image for people who cannot see it (alt text).' })
    if (post.publishAt && post.unpublishAt && post.unpublishAt <= post.publishAt)
      ctx.addIssue({ code: 'custom', path: ['unpublishAt'], message: 'Pick an unpublish time after the publish time.' })
  })

export const PostCreateSchema = withImageAlt(PostFieldsSchema)
export const PostUpdateSchema = withImageAlt(PostFieldsSchema.partial())

export const TagFieldsSchema = z.object({
  name: z.string({ error: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(120, 'Use at most 120 characters.'),
  slug: SlugSchema,
  description: z.string().trim().max(1000, 'Use at most 1,000 characters.').default(''),
  seoTitle: optionalText(TITLE_MAX, `Keep the SEO title to at most ${TITLE_MAX} characters.`),
  seoDescription: optionalText(DESCRIPTION_MAX, `Keep the SEO description to at most ${DESCRIPTION_MAX} characters.`),
  noindex: z.boolean().default(false),
})
export const TagCreateSchema = TagFieldsSchema
export const TagUpdateSchema = TagFieldsSchema.partial()
export const TagMergeSchema = z.object({ into: SlugSchema })

/** What a post must have before it goes live (a draft may lack it): the build's own minimums. */
export function postReadiness(post: PostFields): Record<string, string> {
  const errors: Record<string, string> = {}
  const title = post.seoTitle || post.title
  const description = post.seoDescription || post.excerpt
  if (title.length < 10) errors[post.seoTitle ? 'seoTitle' : 'title'] = 'Write a title of at least 10 characters before publishing.'
  if (description.length < 50)
    errors[post.seoDescription ? 'seoDescription' : 'excerpt'] =
      'Write an excerpt of at least 50 characters before publishing: it is the description in search results.'
  const words = post.body.trim().split(/\s+/).filter(Boolean).length
  if (words < 250) errors.body = `Write at least 250 words before publishing (${words} so far).`
  if (post.tags.length === 0) errors.tags = 'Pick at least one tag before publishing.'
  return errors
}

/** The internal links of a Markdown body: [text](/path) and <a href="/path">. */
export function internalLinks(markdown: string): string[] {
  const out = new Set<string>()
  for (const m of markdown.matchAll(/\]\((\/[^)\s#?]*)[^)]*\)/g)) out.add(m[1])
  for (const m of markdown.matchAll(/href="(\/[^"#?]*)[^"]*"/g)) out.add(m[1])
  return [...out].map((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p))
}
