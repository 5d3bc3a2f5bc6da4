// The pages of pages.yaml (home, about, contact...): head and copy from pages.yaml, the
// site-wide Open Graph image, breadcrumbs Home > page. Each page's folder adds its own props.
import { lookup, must } from '../../data/lookup.ts'
import type { FaqPair, PageData, StaticPageProps } from '../../templates/types.ts'
import { breadcrumbs } from './breadcrumbs.ts'
import { contactOf } from './chrome.ts'
import { pageData, pageOf } from './pageData.ts'
import type { SiteContext } from './siteContext.ts'

type Extra<P> = (ctx: SiteContext, base: StaticPageProps) => { props: P; faqs?: FaqPair[] }

export function staticPageData<P>(pageContext: { urlPathname: string }, extra: Extra<P>): PageData<P> {
  const { ctx, entry } = pageOf(pageContext)
  const page = must(lookup(ctx.data).page, entry.params.path)
  const { props, faqs } = extra(ctx, { page, contact: contactOf(ctx) })
  return pageData(ctx, entry, {
    head: { title: page.title, description: page.description, keywords: page.keywords },
    props,
    crumbs: entry.family === 'home' ? [] : breadcrumbs(entry),
    faqs,
    image: ctx.data.site.seo.defaultImage,
  })
}
