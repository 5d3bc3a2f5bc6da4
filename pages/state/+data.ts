// State pages /states/{slug}, from data/states.yaml, listing the state's city pages.
import type { PageContextServer } from 'vike/types'
import { cityUrl } from '../../data/catalog.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { StateProps } from '../../templates/StateTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { contactOf } from '../_shared/chrome.ts'
import { DESCRIPTION_MAX, TITLE_MAX, firstFitting } from '../_shared/headText.ts'
import { linkTo } from '../_shared/links.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<StateProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { data } = ctx
  const at = lookup(data)
  const state = must(at.state, entry.params.state)
  const index = data.states.indexOf(state)
  const brand = data.site.brand.name
  const label = `Digital Marketing in ${state.name}`
  const where = `states.yaml "${state.slug}"`
  const head = {
    title: firstFitting([`${label} | ${brand}`, `${label} | ${brand.split(' ')[0]}`, label], TITLE_MAX, where, 'title'),
    description: firstFitting(
      [
        `Digital marketing for ${state.name} businesses: SEO, PPC, HubSpot and CRM integration tuned to ${state.industries[0].toLowerCase()} and ${state.industries[1].toLowerCase()}.`,
        `Digital marketing for ${state.name} businesses: SEO, PPC, HubSpot and CRM integration from ${brand}.`,
      ],
      DESCRIPTION_MAX,
      where,
      'description',
    ),
    keywords: [`digital marketing ${state.name}`, `SEO ${state.name}`, `marketing agency ${state.name}`],
  }
  const props: StateProps = {
    state,
    h1: `Digital marketing in ${state.name}`,
    cities: (at.citiesByState.get(state.slug) ?? []).flatMap((c) => c.services.map((s) => linkTo(ctx, cityUrl(s, c), 'cities.yaml', c.slug))),
    services: data.servicePages.slice(0, 8).map((s) => ({ label: s.name, href: `/services/${s.slug}` })),
    neighbours: data.states
      .filter((s, i) => s.region === state.region && i !== index)
      .slice(0, 6)
      .map((s) => ({ label: s.name, href: `/states/${s.slug}` })),
    contact: contactOf(ctx),
  }
  return pageData(ctx, entry, { head, props, crumbs: breadcrumbs(entry, hubs.locations) })
}
