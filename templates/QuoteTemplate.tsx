// /free-quote: the quote form island beside the page copy and what happens after sending it.
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { Island } from './components/Island.tsx'
import { QuoteForm } from '../client/islands/QuoteForm.tsx'
import type { StaticPageProps } from './types.ts'
import type { Site } from '../data/schema.ts'

const next = [
  'A strategist reads your request the same business day.',
  'Within 24 hours you get a written recommendation with scope, timeline and price.',
  'If it fits, we book a free 30-minute consultation to walk through it.',
]

export type QuoteProps = StaticPageProps & { claims: Site['claims']; hours: string; quoteServices: { id: string; label: string }[] }

export function QuoteTemplate({ page, contact, claims, hours, quoteServices }: QuoteProps) {
  const link =
    'font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <article>
      <PageHero eyebrow="Free quote" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="quote-form-heading">
          <h2 id="quote-form-heading" className="mb-6 text-2xl font-bold tracking-tight text-ink">
            Tell us about your project
          </h2>
          <Island name="QuoteForm" component={QuoteForm} props={{ services: quoteServices }} />
        </section>
        <div className="space-y-6">
          <section aria-labelledby="next-heading" className="rounded-xl bg-slate-50 p-6">
            <h2 id="next-heading" className="text-lg font-bold text-ink">
              What happens next
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-6 text-slate-700">
              {next.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <p className="rounded-lg border-l-4 border-brand-600 bg-brand-50 p-4 text-sm leading-6 text-slate-800">{claims.roiPromise}</p>
          <section aria-labelledby="call-heading" className="rounded-xl border border-slate-200 p-6">
            <h2 id="call-heading" className="text-lg font-bold text-ink">
              Prefer to talk?
            </h2>
            <p className="mt-2 text-sm leading-6 text-slate-700">
              Call{' '}
              <a href={`tel:${contact.phoneE164}`} className={link}>
                {contact.phone}
              </a>{' '}
              ({hours}) or email{' '}
              <a href={`mailto:${contact.email}`} className={link}>
                {contact.email}
              </a>
              .
            </p>
          </section>
          <Sections sections={page.sections} />
        </div>
      </div>
    </article>
  )
}
