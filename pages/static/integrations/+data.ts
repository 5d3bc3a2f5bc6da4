// /integrations: every HubSpot tool integration by category, and the HubSpot guides.
import type { PageContextServer } from 'vike/types'
import { toolUrl } from '../../../data/catalog.ts'
import type { IntegrationsProps } from '../../../templates/IntegrationsTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { linksOf } from '../../_shared/links.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<IntegrationsProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data, catalog }, base) => ({
    props: {
      ...base,
      tools: data.hubspotTools.map((t) => ({ label: t.name, href: toolUrl(t.slug), category: t.category })),
      guides: linksOf(catalog.ofFamily('hubspot').concat(catalog.ofFamily('integration'))),
    },
  }))
}
