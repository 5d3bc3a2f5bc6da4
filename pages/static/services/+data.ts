// /services: every service page, and the guides (landing and content pages).
import type { PageContextServer } from 'vike/types'
import type { ServicesIndexProps } from '../../../templates/ServicesIndexTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { linksOf } from '../../_shared/links.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<ServicesIndexProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data, catalog }, base) => ({
    props: {
      ...base,
      services: data.servicePages.map((s) => ({ title: s.name, url: `/services/${s.slug}`, summary: s.description })),
      guides: linksOf(catalog.ofFamily('landing').concat(catalog.ofFamily('content'))),
    },
  }))
}
