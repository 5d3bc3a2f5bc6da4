// /{service}-{city}-{state}: a city service page composed from the city, its state and the service.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { FaqList } from './components/FaqList.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { TextBlock } from './components/Prose.tsx'
import type { City, CityService } from '../data/schema.ts'
import type { ContactInfo, FaqPair, Link } from './types.ts'

const people = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} million` : n.toLocaleString('en-US'))

export type CityProps = {
  city: City
  stateName: string
  stateUrl: string
  service: CityService
  h1: string
  /** City facts picked for this service, so two services in one city read differently. */
  facts: string[]
  faqs: FaqPair[]
  otherServices: Link[]
  otherCities: Link[]
  servicePage: Link
  contact: ContactInfo
}

export function CityTemplate({ city, stateName, stateUrl, service, h1, facts, faqs, otherServices, otherCities, servicePage, contact }: CityProps) {
  const place = `${city.name}, ${stateName}`
  return (
    <article>
      <PageHero
        eyebrow={`${service.name} · ${place}`}
        title={h1}
        lead={`${service.summary} For ${city.name} companies we tune it to a metro of about ${people(city.metroPopulation)} people and to the industries that drive its economy.`}
      >
        <CtaButtons contact={contact} quoteLabel={`Get my ${city.name} quote`} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <TextBlock heading={`The ${city.name} market`} paragraphs={[city.overview, city.economy]} />
          <TextBlock heading={`How we run ${service.name.toLowerCase()} in ${city.name}`} paragraphs={[service.approach]}>
            <p className="mt-4 leading-7 text-slate-700">
              Campaigns for {city.name} clients are planned around the neighborhoods where buyers actually search, including{' '}
              {city.neighborhoods.slice(0, 4).join(', ')}, and around local demand from {city.industries.slice(0, 3).join(', ').toLowerCase()}. Typical result:{' '}
              <strong>{service.metric.value}</strong> {service.metric.label}.
            </p>
          </TextBlock>
          <TextBlock heading={`Search in ${city.name} today`} paragraphs={[city.searchLandscape]} />
          <TextBlock heading={`What ${city.name} businesses should know`} paragraphs={facts} />
          <TextBlock heading="What you get" bullets={service.deliverables} />
          <FaqList faqs={faqs} heading={`${service.shortName} in ${city.name}: questions`} />
          <nav aria-label="Related pages">
            <LinkList heading={`More services in ${city.name}`} links={otherServices} />
            <LinkList heading={`${service.shortName} in other cities`} links={otherCities} />
            <LinkList heading="Learn more" links={[servicePage, { label: `Digital marketing across ${stateName}`, href: stateUrl }]} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading={`Talk to our ${city.name} team`}
            text={`Tell us about your ${city.name} business and we will reply within 24 hours with a plan, a timeline and a price.`}
          />
        </div>
      </div>
    </article>
  )
}
