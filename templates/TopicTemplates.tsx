// Long-form topic pages: HubSpot, mortgage, API services, agency landings and legal pages share
// one layout; each family adds the block its readers look for.
import type { ReactNode } from 'react'
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { FaqList } from './components/FaqList.tsx'
import { Highlights } from './components/Highlights.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { TopicPage } from '../data/schema.ts'
import type { ContactInfo, Link } from './types.ts'

export type TopicProps = {
  page: TopicPage
  /** Label of the family, e.g. "HubSpot", "Mortgage marketing". */
  familyLabel: string
  related: Link[]
  siblings: Link[]
  contact: ContactInfo
}

function TopicLayout({
  page,
  familyLabel,
  related,
  siblings,
  contact,
  aside,
  extra,
}: TopicProps & { aside: { heading: string; text: string }; extra?: ReactNode }) {
  return (
    <article>
      <PageHero eyebrow={page.eyebrow} title={page.h1} lead={page.intro}>
        <CtaButtons contact={contact} />
        <Highlights items={page.highlights} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          {extra}
          <Sections sections={page.sections} />
          <FaqList faqs={page.faqs} />
          <nav aria-label="Related pages">
            <LinkList heading="Related" links={related} />
            <LinkList heading={`More ${familyLabel.toLowerCase()} pages`} links={siblings} />
          </nav>
        </div>
        <div>
          <ContactCard contact={contact} heading={aside.heading} text={aside.text} />
        </div>
      </div>
    </article>
  )
}

export function HubspotTemplate(props: TopicProps) {
  return (
    <TopicLayout
      {...props}
      aside={{
        heading: 'Plan your HubSpot build',
        text: 'Share your hubs, tiers and the systems you need connected. We reply within 24 hours with scope and price.',
      }}
    />
  )
}

export function MortgageTemplate(props: TopicProps) {
  const extra = (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-sm leading-6 text-amber-950">
      <h2 className="font-semibold">Built for compliance review</h2>
      <p className="mt-1">
        Mortgage campaigns we run carry NMLS identifiers and Equal Housing Opportunity disclosures, respect Regulation Z trigger terms and capture TCPA consent
        before any call or text.
      </p>
    </div>
  )
  return (
    <TopicLayout
      {...props}
      extra={extra}
      aside={{ heading: 'Talk to a mortgage marketer', text: 'We work with lenders, brokers and loan officer teams. Tell us your markets and volume goals.' }}
    />
  )
}

export function ApiServiceTemplate(props: TopicProps) {
  return (
    <TopicLayout
      {...props}
      aside={{ heading: 'Scope your API project', text: 'Send us the systems, endpoints and data you need to move. An engineer replies within 24 hours.' }}
    />
  )
}

export function LandingTemplate(props: TopicProps) {
  return (
    <TopicLayout
      {...props}
      aside={{ heading: 'Get a plan, not a pitch', text: 'Tell us your goals and budget. A strategist sends a written recommendation within 24 hours.' }}
    />
  )
}

export function LegalTemplate({ page }: TopicProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHero eyebrow={page.eyebrow} title={page.h1} lead={page.intro} />
      <div className="px-0">
        <Sections sections={page.sections} />
        <FaqList faqs={page.faqs} />
      </div>
    </article>
  )
}
