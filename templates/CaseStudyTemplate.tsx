// /case-studies/{slug}: one engagement, from challenge to solution to results, with the client's words.
import { ContactCard } from './components/ContactCard.tsx'
import { Highlights } from './components/Highlights.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { TextBlock } from './components/Prose.tsx'
import type { CaseStudy } from '../data/schema.ts'
import type { ContactInfo, Link } from './types.ts'

export type CaseStudyProps = { study: CaseStudy; more: Link[]; contact: ContactInfo }

export function CaseStudyTemplate({ study, more, contact }: CaseStudyProps) {
  return (
    <article>
      <PageHero eyebrow={`Case study · ${study.industry}`} title={study.title} lead={study.summary}>
        <Highlights items={study.results} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <section aria-labelledby="engagement-heading" className="rounded-xl bg-slate-50 p-6">
            <h2 id="engagement-heading" className="sr-only">
              The engagement
            </h2>
            <dl className="grid gap-4 text-sm sm:grid-cols-3">
              <div>
                <dt className="font-semibold text-slate-700">Client</dt>
                <dd className="text-slate-900">{study.client}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-700">Location</dt>
                <dd className="text-slate-900">{study.location}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-700">Duration</dt>
                <dd className="text-slate-900">{study.durationMonths} months</dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="font-semibold text-slate-700">Services</dt>
                <dd className="text-slate-900">{study.services.join(', ')}</dd>
              </div>
            </dl>
          </section>
          <TextBlock heading="The challenge" paragraphs={study.challenge} />
          <TextBlock heading="What we did" paragraphs={study.solution} />
          <section aria-labelledby="results-heading" className="mt-10">
            <h2 id="results-heading" className="text-2xl font-bold tracking-tight text-ink">
              The results
            </h2>
            <ul className="mt-4 space-y-3">
              {study.results.map((r) => (
                <li key={r.label} className="flex items-baseline gap-3 leading-7 text-slate-700">
                  <strong className="min-w-20 text-xl text-brand-700">{r.value}</strong>
                  <span>{r.label}</span>
                </li>
              ))}
            </ul>
          </section>
          {study.quote && (
            <figure className="mt-10 rounded-xl border-l-4 border-brand-600 bg-brand-50 p-6">
              <blockquote className="text-lg leading-8 text-slate-800">
                <p>“{study.quote.text}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-slate-700">
                <span className="font-semibold text-ink">{study.quote.author}</span>, {study.quote.role}
              </figcaption>
            </figure>
          )}
          <nav aria-label="More case studies">
            <LinkList heading="More case studies" links={more} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading="Want results like these?"
            text={`Tell us where you are today. We reply within 24 hours with a plan modeled on work like ${study.client}'s.`}
          />
        </div>
      </div>
    </article>
  )
}
