// /case-studies: every published engagement with its summary, all headline results and services.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { TestimonialGrid } from './HomeTemplate.tsx'
import type { StaticPageProps } from './types.ts'
import type { CaseStudy, Testimonial } from '../data/schema.ts'

export type CaseStudiesProps = StaticPageProps & { caseStudies: CaseStudy[]; testimonials: Testimonial[] }

export function CaseStudiesTemplate({ page, contact, caseStudies, testimonials }: CaseStudiesProps) {
  return (
    <article>
      <PageHero eyebrow="Case studies" title={page.h1} lead={page.intro}>
        <CtaButtons contact={contact} quoteLabel="Get results like these" />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <section aria-labelledby="studies-heading">
          <h2 id="studies-heading" className="sr-only">
            All case studies
          </h2>
          <ul className="space-y-8">
            {caseStudies.map((study) => (
              <li key={study.slug}>
                <article className="grid gap-6 rounded-xl border border-slate-200 p-6 shadow-sm sm:p-8 lg:grid-cols-[1fr_22rem]">
                  <div>
                    <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">
                      {study.industry} · {study.location}
                    </p>
                    <h3 className="mt-2 text-2xl font-bold text-ink">
                      <a
                        href={`/case-studies/${study.slug}`}
                        className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      >
                        {study.title}
                      </a>
                    </h3>
                    <p className="mt-3 leading-7 text-slate-700">{study.summary}</p>
                    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Services delivered">
                      {study.services.map((s) => (
                        <li key={s} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800">
                          {s}
                        </li>
                      ))}
                    </ul>
                    <p className="mt-4 text-sm text-slate-700">Engagement length: {study.durationMonths} months</p>
                  </div>
                  <div>
                    <dl className="grid grid-cols-2 gap-3">
                      {study.results.map((r) => (
                        <div key={r.label} className="flex flex-col-reverse rounded-lg bg-slate-50 p-4">
                          <dt className="mt-1 text-xs leading-5 text-slate-700">{r.label}</dt>
                          <dd className="text-2xl font-extrabold text-brand-700">{r.value}</dd>
                        </div>
                      ))}
                    </dl>
                    <a
                      href={`/case-studies/${study.slug}`}
                      className="mt-5 inline-block font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      Read the {study.client} case study <span aria-hidden="true">→</span>
                    </a>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
        <TestimonialGrid testimonials={testimonials} heading="In our clients' words" />
        <div className="mt-4 grid gap-12 lg:grid-cols-[1fr_20rem]">
          <div>
            <Sections sections={page.sections} />
          </div>
          <div className="mt-10">
            <ContactCard
              contact={contact}
              heading="Want to be the next case study?"
              text="Share your current numbers and goals. We reply within 24 hours with a plan and the results we think are realistic."
            />
          </div>
        </div>
      </div>
    </article>
  )
}
