// /contact: the contact form island beside the ways to reach us (phone, email, office, hours).
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { ContactForm } from '../client/islands/ContactForm.tsx'
import { Island } from './components/Island.tsx'
import type { StaticPageProps } from './types.ts'
import type { Site } from '../data/schema.ts'

export type ContactProps = StaticPageProps & { address: Site['contact']['address']; hours: string }

export function ContactTemplate({ page, contact, address, hours }: ContactProps) {
  const link =
    'font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <article>
      <PageHero eyebrow="Contact" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="message-heading">
          <h2 id="message-heading" className="mb-6 text-2xl font-bold tracking-tight text-ink">
            Send us a message
          </h2>
          <Island name="ContactForm" component={ContactForm} props={{}} />
        </section>
        <section aria-labelledby="reach-heading" className="space-y-6">
          <div className="rounded-xl bg-slate-50 p-6">
            <h2 id="reach-heading" className="text-xl font-bold text-ink">
              Other ways to reach us
            </h2>
            <dl className="mt-4 space-y-4 text-slate-800">
              <div>
                <dt className="text-sm font-semibold text-slate-700">Phone (toll-free)</dt>
                <dd>
                  <a href={`tel:${contact.phoneE164}`} className={link}>
                    {contact.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">Email</dt>
                <dd>
                  <a href={`mailto:${contact.email}`} className={link}>
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">Office</dt>
                <dd>
                  <address className="not-italic">
                    {contact.brand}
                    <br />
                    {address.street}
                    <br />
                    {address.city}, {address.region} {address.postalCode}
                  </address>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">Hours</dt>
                <dd>{hours}</dd>
              </div>
            </dl>
          </div>
          <div className="rounded-xl border border-slate-200 p-6">
            <h2 className="text-lg font-bold text-ink">Looking for a price?</h2>
            <p className="mt-2 text-sm leading-6 text-slate-700">The quote form asks the questions we need to send scope, timeline and cost within 24 hours.</p>
            <a
              href="/free-quote"
              className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Get A Free Quote
            </a>
          </div>
          <Sections sections={page.sections} />
        </section>
      </div>
    </article>
  )
}
