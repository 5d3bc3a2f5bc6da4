// /services/{slug}: one service line, with the cities where it runs locally.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { FaqList } from './components/FaqList.tsx'
import { Highlights } from './components/Highlights.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections, TextBlock } from './components/Prose.tsx'
import type { ServicePage } from '../data/schema.ts'
import type { ContactInfo, Link } from './types.ts'

export type ServiceProps = {
  page: ServicePage
  cities: Link[]
  related: Link[]
  siblings: Link[]
  contact: ContactInfo
}

export function ServiceTemplate({ page, cities, related, siblings, contact }: ServiceProps) {
  return (
    <article>
      <PageHero eyebrow={page.eyebrow} title={page.h1} lead={page.intro}>
        <CtaButtons contact={contact} />
        <Highlights items={page.highlights} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <Sections sections={page.sections} />
          <TextBlock heading={`What ${page.name.toLowerCase()} includes`} bullets={page.deliverables} />
          <FaqList faqs={page.faqs} />
          <nav aria-label="Related pages">
            <LinkList heading={`${page.name} by city`} links={cities} columns={3} />
            <LinkList heading="Related" links={related} />
            <LinkList heading="Other services" links={siblings} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading={`Price your ${page.name.toLowerCase()}`}
            text="Send your goals and current numbers. We reply within 24 hours with scope, timeline and cost."
          />
        </div>
      </div>
    </article>
  )
}
