// Lists shared by the blog index and the tag pages.
import { titleCase } from '../../data/catalog.ts'
import type { Link, PostSummary } from '../../templates/types.ts'
import type { SiteContext } from './siteContext.ts'

export function postSummaries(ctx: SiteContext): PostSummary[] {
  return ctx.data.posts.map((x) => ({ url: `/blog/${x.slug}`, title: x.title, description: x.description, date: x.date, author: x.author, tags: x.tags }))
}

/** Every tag page, labelled by its tag. */
export const tagLinks = (ctx: SiteContext): Link[] => ctx.catalog.ofFamily('tag').map((e) => ({ label: titleCase(e.params.tag), href: e.url }))
