// /locations: every city with its service pages, and every state.
import type { PageContextServer } from 'vike/types'
import { cityUrl, upper } from '../../../data/catalog.ts'
import { lookup, must } from '../../../data/lookup.ts'
import type { LocationsProps } from '../../../templates/LocationsTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<LocationsProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({
    props: {
      ...base,
      locations: {
        cities: data.cities.map((c) => ({
          label: `${c.name}, ${upper(c.stateCode)}`,
          href: cityUrl(c.services.includes('digital-marketing') ? 'digital-marketing' : c.services[0], c),
          services: c.services.map((s) => ({ label: must(lookup(data).service, s).shortName, href: cityUrl(s, c) })),
        })),
        states: data.states.map((s) => ({ label: s.name, href: `/states/${s.slug}` })),
      },
    },
  }))
}
