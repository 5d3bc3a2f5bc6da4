// City pages /{service}-{city}-{state code}: one per service a city lists in data/cities.yaml.
import type { PageContextServer } from 'vike/types'
import { cityUrl } from '../../data/catalog.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { CityProps } from '../../templates/CityTemplate.tsx'
import type { Crumb, FaqPair, PageData } from '../../templates/types.ts'
import { contactOf } from '../_shared/chrome.ts'
import { serviceLd } from '../_shared/jsonLd.ts'
import { linkTo } from '../_shared/links.ts'
import { nearestCities } from '../_shared/nearestCities.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'
import { cityHead } from './head.ts'

export type Data = PageData<CityProps>

const withCity = (faqs: FaqPair[], city: string) =>
  faqs.map((f) => ({ question: f.question.replaceAll('{city}', city), answer: f.answer.replaceAll('{city}', city) }))

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { data } = ctx
  const at = lookup(data)
  const city = must(at.city, entry.params.city)
  const service = must(at.service, entry.params.service)
  const state = must(at.state, city.state)
  const serviceIndex = data.cityServices.indexOf(service)
  // Rotate which local facts lead, so pages for one city do not read alike.
  const facts = city.facts.map((_, i) => city.facts[(i + serviceIndex) % city.facts.length]).slice(0, 3)
  const faqs = withCity(service.faqs, city.name)
  const stateUrl = `/states/${state.slug}`
  const props: CityProps = {
    city,
    stateName: state.name,
    stateUrl,
    service,
    h1: entry.label,
    facts,
    faqs,
    otherServices: city.services.filter((s) => s !== service.id).map((s) => linkTo(ctx, cityUrl(s, city), 'cities.yaml', `${city.slug}.services`)),
    otherCities: nearestCities(city, data.cities, service.id, 8).map((c) => linkTo(ctx, cityUrl(service.id, c), 'cities.yaml', `${c.slug}.services`)),
    servicePage: linkTo(ctx, service.servicePage, 'city-services.yaml', `${service.id}.servicePage`),
    contact: contactOf(ctx),
  }
  const crumbs: Crumb[] = [
    { name: 'Home', url: '/' },
    { name: 'Locations', url: '/locations' },
    { name: state.name, url: stateUrl },
    { name: entry.label, url: entry.canonical },
  ]
  return pageData(ctx, entry, {
    head: cityHead(entry, data),
    props,
    crumbs,
    faqs,
    extraLd: [
      serviceLd(
        {
          name: entry.label,
          description: service.summary,
          url: `${ctx.siteUrl}${entry.canonical}`,
          serviceType: service.name,
          areaServed: `${city.name}, ${state.name}`,
        },
        ctx.siteUrl,
      ),
    ],
  })
}
