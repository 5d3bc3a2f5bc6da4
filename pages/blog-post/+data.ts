// Blog posts /blog/{slug}, from data/blog/{slug}.md; the Markdown is rendered here, at build time.
import { marked } from 'marked'
import type { PageContextServer } from 'vike/types'
import { canonicalHref, titleCase } from '../../data/catalog.ts'
import type { PostImage } from '../../data/loadData.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { BlogPostProps } from '../../templates/BlogPostTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { blogPostingLd } from '../_shared/jsonLd.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<BlogPostProps>

/** The article column: max-w-3xl (768px) less its padding (px-4, sm:px-6). */
const HERO_SIZES = '(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)'

/** The featured image as the template's hero: a srcset of the upload's webp variants, and the
 * width and height of the variant used as src (of the widest when src is not one of them). */
function heroOf(image: PostImage): NonNullable<BlogPostProps['image']> {
  const { url: src, alt, variants } = image
  if (!variants.length) return { src, alt }
  const size = variants.find((v) => v.url === src) ?? variants.at(-1)!
  return { src, alt, srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(', '), sizes: HERO_SIZES, width: size.width, height: size.height }
}

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { data } = ctx
  const post = must(lookup(data).post, entry.params.slug)
  const image = post.image && heroOf(post.image)
  const absolute = (url: string) => (url.startsWith('/') ? `${ctx.siteUrl}${url}` : url)
  // The Open Graph card: the widest variant (1600 px when the upload was that wide).
  const og = post.image && (post.image.variants.at(-1) ?? { url: post.image.url, width: undefined, height: undefined })
  const ogImage = post.image && og ? { url: absolute(og.url), width: og.width, height: og.height, alt: post.image.alt } : undefined
  const props: BlogPostProps = {
    post: { slug: post.slug, title: post.title, description: post.description, date: post.date, updated: post.updated, author: post.author, tags: post.tags },
    ...(image ? { image } : {}),
    html: marked.parse(post.markdown, { async: false }),
    readingMinutes: Math.max(1, Math.round(post.markdown.split(/\s+/).length / 220)),
    more: data.posts
      .filter((x) => x.slug !== post.slug)
      .slice(0, 3)
      .map((x) => ({ label: x.title, href: `/blog/${x.slug}` })),
  }
  return pageData(ctx, entry, {
    head: { title: post.title, description: post.description, keywords: post.tags.map(titleCase) },
    props,
    crumbs: breadcrumbs(entry, hubs.blog),
    ogType: 'article',
    ...(ogImage ? { ogImage } : {}),
    extraLd: [blogPostingLd(post, canonicalHref(entry, ctx.siteUrl), ogImage?.url ?? `${ctx.siteUrl}/og/blog-post.png`, data.site, ctx.siteUrl)],
  })
}
