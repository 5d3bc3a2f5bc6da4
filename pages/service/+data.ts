// Service pages /services/{slug}, from data/service-pages.yaml.
import type { PageContextServer } from 'vike/types'
import { cityUrl } from '../../data/catalog.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { ServiceProps } from '../../templates/ServiceTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { contactOf } from '../_shared/chrome.ts'
import { serviceLd } from '../_shared/jsonLd.ts'
import { linkTo, siblingsOf } from '../_shared/links.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<ServiceProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const page = must(lookup(ctx.data).servicePage, entry.params.slug)
  const { cityService } = page
  const props: ServiceProps = {
    page,
    cities: cityService
      ? ctx.data.cities
          .filter((c) => c.services.includes(cityService))
          .map((c) => linkTo(ctx, cityUrl(cityService, c), 'service-pages.yaml', `${page.slug}.cityService`))
      : [],
    related: page.related.map((u, i) => linkTo(ctx, u, 'service-pages.yaml', `${page.slug}.related[${i}]`)),
    siblings: siblingsOf(ctx, entry, 4),
    contact: contactOf(ctx),
  }
  return pageData(ctx, entry, {
    head: { title: page.title, description: page.description, keywords: page.keywords },
    props,
    crumbs: breadcrumbs(entry, hubs.services),
    faqs: page.faqs,
    extraLd: [
      serviceLd(
        { name: page.name, description: page.description, url: `${ctx.siteUrl}${entry.canonical}`, serviceType: page.name, areaServed: 'United States' },
        ctx.siteUrl,
      ),
    ],
  })
}
