// Blog posts /blog/{slug}, from data/blog/{slug}.md; the Markdown is rendered here, at build time.
import { marked } from 'marked'
import type { PageContextServer } from 'vike/types'
import { titleCase } from '../../data/catalog.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { BlogPostProps } from '../../templates/BlogPostTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { blogPostingLd } from '../_shared/jsonLd.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<BlogPostProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { data } = ctx
  const post = must(lookup(data).post, entry.params.slug)
  const props: BlogPostProps = {
    post: { slug: post.slug, title: post.title, description: post.description, date: post.date, updated: post.updated, author: post.author, tags: post.tags },
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
    extraLd: [blogPostingLd(post, `${ctx.siteUrl}${pageContext.urlPathname}`, `${ctx.siteUrl}/og/blog-post.png`, data.site, ctx.siteUrl)],
  })
}
