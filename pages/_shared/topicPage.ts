// The long-form topic families (HubSpot, integrations, API services, mortgage, landing,
// content, legal pages): one record of a YAML list each, laid out by a TopicTemplates variant.
import type { SiteData } from '../../data/loadData.ts'
import type { TopicPage } from '../../data/schema.ts'
import type { TopicProps } from '../../templates/TopicTemplates.tsx'
import type { Crumb, PageData } from '../../templates/types.ts'
import { breadcrumbs } from './breadcrumbs.ts'
import { contactOf } from './chrome.ts'
import { linkTo, siblingsOf } from './links.ts'
import { pageData, pageOf } from './pageData.ts'

type Topic = {
  /** The family's records. */
  pages: (data: SiteData) => TopicPage[]
  /** Shown above the title, e.g. "HubSpot". */
  label: string
  hub?: Crumb
}

export function topicPageData(pageContext: { urlPathname: string }, topic: Topic): PageData<TopicProps> {
  const { ctx, entry } = pageOf(pageContext)
  const page = topic.pages(ctx.data).find((x) => x.slug === entry.params.slug)!
  const file = entry.sources[0]
  return pageData(ctx, entry, {
    head: { title: page.title, description: page.description, keywords: page.keywords },
    props: {
      page,
      familyLabel: topic.label,
      related: page.related.map((u, i) => linkTo(ctx, u, file, `${page.slug}.related[${i}]`)),
      siblings: siblingsOf(ctx, entry, 4),
      contact: contactOf(ctx),
    },
    crumbs: breadcrumbs(entry, topic.hub),
    faqs: page.faqs,
  })
}
