// /states/{state}: digital marketing for one US state.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { TextBlock } from './components/Prose.tsx'
import type { State } from '../data/schema.ts'
import type { ContactInfo, Link } from './types.ts'

export type StateProps = {
  state: State
  h1: string
  cities: Link[]
  services: Link[]
  neighbours: Link[]
  contact: ContactInfo
}

export function StateTemplate({ state, h1, cities, services, neighbours, contact }: StateProps) {
  return (
    <article>
      <PageHero eyebrow={`${state.region} · ${state.code.toUpperCase()}`} title={h1} lead={state.overview}>
        <dl className="mt-8 grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-4">
          {[
            ['Capital', state.capital],
            ['Largest city', state.largestCity],
            ['Population', state.population.toLocaleString('en-US')],
            ['Region', state.region],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 p-4">
              <dt className="text-xs uppercase tracking-wide text-slate-600">{label}</dt>
              <dd className="mt-1 font-semibold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <CtaButtons contact={contact} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <TextBlock heading={`The ${state.name} economy`} paragraphs={[state.economy]} bullets={state.industries.map((i) => `${i}`)} />
          <TextBlock heading={`${state.name} facts that shape marketing`} paragraphs={state.facts} />
          <TextBlock heading={`How we market ${state.name} businesses`} paragraphs={[state.marketingAngle]} />
          <nav aria-label="Related pages">
            {cities.length > 0 && <LinkList heading={`Local teams in ${state.name}`} links={cities} />}
            <LinkList heading="Services" links={services} />
            <LinkList heading={`Other ${state.region} states`} links={neighbours} columns={3} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading={`Growing in ${state.name}?`}
            text={`We work with ${state.name} companies remotely and on site, with reporting tied to your CRM.`}
          />
        </div>
      </div>
    </article>
  )
}
