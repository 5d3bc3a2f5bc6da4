// Reads every file in data/, validates it with its zod schema and returns one typed object.
// A bad file throws DataError naming the file, the path to the field and what was expected,
// so the build stops before anything is rendered.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { parseYaml } from './parseYaml.ts'
import {
  AliasSchema,
  BlogFrontMatterSchema,
  CaseStudySchema,
  CitySchema,
  CityServiceSchema,
  FaqItemSchema,
  HomeSchema,
  HubspotToolSchema,
  JobSchema,
  PartnerSchema,
  QaEntrySchema,
  ServicePageSchema,
  SiteSchema,
  StateSchema,
  StaticPageSchema,
  TestimonialSchema,
  TopicPageSchema,
  type BlogFrontMatter,
} from './schema.ts'

export const defaultDataDir = path.dirname(fileURLToPath(import.meta.url))

/** Every data file and the schema of its content. Lists are YAML sequences at the top level. */
export const dataFiles = {
  site: { file: 'site.yaml', schema: SiteSchema },
  pages: { file: 'pages.yaml', schema: z.array(StaticPageSchema) },
  aliases: { file: 'aliases.yaml', schema: z.array(AliasSchema) },
  cityServices: { file: 'city-services.yaml', schema: z.array(CityServiceSchema) },
  cities: { file: 'cities.yaml', schema: z.array(CitySchema) },
  states: { file: 'states.yaml', schema: z.array(StateSchema) },
  hubspotPages: { file: 'hubspot-pages.yaml', schema: z.array(TopicPageSchema) },
  hubspotTools: { file: 'hubspot-tools.yaml', schema: z.array(HubspotToolSchema) },
  integrations: { file: 'integrations.yaml', schema: z.array(TopicPageSchema) },
  apiServices: { file: 'api-services.yaml', schema: z.array(TopicPageSchema) },
  mortgage: { file: 'mortgage.yaml', schema: z.array(TopicPageSchema) },
  landingPages: { file: 'landing-pages.yaml', schema: z.array(TopicPageSchema) },
  contentPages: { file: 'content-pages.yaml', schema: z.array(TopicPageSchema) },
  legal: { file: 'legal.yaml', schema: z.array(TopicPageSchema) },
  servicePages: { file: 'service-pages.yaml', schema: z.array(ServicePageSchema) },
  faq: { file: 'faq.yaml', schema: z.array(FaqItemSchema) },
  qa: { file: 'qa.yaml', schema: z.array(QaEntrySchema) },
  caseStudies: { file: 'case-studies.yaml', schema: z.array(CaseStudySchema) },
  testimonials: { file: 'testimonials.yaml', schema: z.array(TestimonialSchema) },
  partners: { file: 'partners.yaml', schema: z.array(PartnerSchema) },
  jobs: { file: 'jobs.yaml', schema: z.array(JobSchema) },
  home: { file: 'home.yaml', schema: HomeSchema },
} as const

type DataFiles = typeof dataFiles
/** `origin: 'database'` marks a post published from the admin (data/dbPosts.ts); file posts have none. */
export type BlogPost = BlogFrontMatter & {
  slug: string
  markdown: string
  origin?: 'database'
  image?: PostImage
  /** Marked noindex (robots noindex, out of sitemap.xml): by staff for a database post, in the front matter for a file post. */
  noindex?: true
  /** The canonical URL, when one is set (a site path or a full http(s) URL). */
  canonicalUrl?: string
}
/** A database post's featured image (file posts have none): its URL and alt text (the feeds' enclosure too), and, when it is an
 * upload whose webp variants are on disk, each variant's URL and size (widest last). */
export type PostImage = { url: string; alt: string; variants: { url: string; width: number; height: number }[] }
export type SiteData = { [K in keyof DataFiles]: z.output<DataFiles[K]['schema']> } & { posts: BlogPost[] }

export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly problems: { path: string; message: string }[],
  ) {
    super(`${file}:\n${problems.map((p) => `  - ${p.path || '(root)'}: ${p.message}`).join('\n')}`)
    this.name = 'DataError'
  }
}

/** "cities.yaml" path [3, "geo", "lat"] → "[3].geo.lat", with the record's slug when it has one. */
function formatPath(issuePath: readonly PropertyKey[], raw: unknown): string {
  let out = ''
  let node: unknown = raw
  for (const key of issuePath) {
    if (typeof key === 'number') {
      node = Array.isArray(node) ? node[key] : undefined
      const id = node && typeof node === 'object' ? ((node as Record<string, unknown>).slug ?? (node as Record<string, unknown>).id) : undefined
      out += typeof id === 'string' ? `[${key} "${id}"]` : `[${key}]`
    } else {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key as string] : undefined
      out += out ? `.${String(key)}` : String(key)
    }
  }
  return out
}

export function parseDataFile<S extends z.ZodType>(file: string, text: string, schema: S): z.output<S> {
  let raw: unknown
  try {
    raw = parseYaml(text)
  } catch (error) {
    throw new DataError(file, [{ path: '', message: `not valid YAML/JSON: ${(error as Error).message}` }])
  }
  const result = schema.safeParse(raw)
  if (!result.success) {
    throw new DataError(
      file,
      result.error.issues.map((issue) => ({ path: formatPath(issue.path, raw), message: issue.message })),
    )
  }
  return result.data
}

const frontMatter = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/

export function parseBlogPost(file: string, text: string): BlogPost {
  const match = frontMatter.exec(text.replace(/\r\n/g, '\n'))
  if (!match) throw new DataError(file, [{ path: '', message: 'front matter between --- lines, then Markdown' }])
  const { noindex, canonicalUrl, ...meta } = parseDataFile(file, match[1], BlogFrontMatterSchema)
  const markdown = match[2].trim()
  if (markdown.split(/\s+/).length < 250) {
    throw new DataError(file, [{ path: 'body', message: 'a post body of at least 250 words' }])
  }
  // The same shape as a database post's (server/posts/store.ts): the fields only when set, a site
  // path without its trailing slash, so posts without them keep their data (and pages) unchanged.
  const canonical = canonicalUrl && canonicalUrl.length > 1 && canonicalUrl.startsWith('/') ? canonicalUrl.replace(/\/+$/, '') : canonicalUrl
  return {
    ...meta,
    slug: path.basename(file).replace(/\.md$/, ''),
    markdown,
    ...(noindex ? { noindex: true as const } : {}),
    ...(canonical ? { canonicalUrl: canonical } : {}),
  }
}

/** Loads and validates every data file; collects every file's problems before throwing. */
export function loadData(dir = defaultDataDir): SiteData {
  const out: Record<string, unknown> = {}
  const errors: DataError[] = []
  for (const [key, { file, schema }] of Object.entries(dataFiles)) {
    const full = path.join(dir, file)
    if (!fs.existsSync(full)) {
      errors.push(new DataError(file, [{ path: '', message: 'the file is missing' }]))
      continue
    }
    try {
      out[key] = parseDataFile(file, fs.readFileSync(full, 'utf8'), schema)
    } catch (error) {
      if (error instanceof DataError) errors.push(error)
      else throw error
    }
  }
  const blogDir = path.join(dir, 'blog')
  const posts: BlogPost[] = []
  for (const name of fs.existsSync(blogDir) ? fs.readdirSync(blogDir).sort() : []) {
    if (!name.endsWith('.md')) continue
    try {
      posts.push(parseBlogPost(`blog/${name}`, fs.readFileSync(path.join(blogDir, name), 'utf8')))
    } catch (error) {
      if (error instanceof DataError) errors.push(error)
      else throw error
    }
  }
  out.posts = posts.sort((a, b) => b.date.localeCompare(a.date))
  if (errors.length) throw new AggregateDataError(errors)
  return out as SiteData
}

export class AggregateDataError extends Error {
  constructor(readonly errors: DataError[]) {
    super(`Invalid data files:\n${errors.map((e) => e.message).join('\n')}`)
    this.name = 'AggregateDataError'
  }
}
