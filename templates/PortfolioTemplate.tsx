// /portfolio: the same engagements as /case-studies, grouped by industry and led by their results.
import { CtaButtons } from './components/CtaButtons.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { CaseStudy } from '../data/schema.ts'
import type { StaticPageProps } from './types.ts'

function byIndustry(studies: CaseStudy[]): [string, CaseStudy[]][] {
  const groups = new Map<string, CaseStudy[]>()
  for (const study of studies) groups.set(study.industry, [...(groups.get(study.industry) ?? []), study])
  return [...groups]
}

export type PortfolioProps = StaticPageProps & { caseStudies: CaseStudy[] }

export function PortfolioTemplate({ page, contact, caseStudies }: PortfolioProps) {
  const groups = byIndustry(caseStudies)
  return (
    <article>
      <PageHero eyebrow="Portfolio" title={page.h1} lead={page.intro}>
        <CtaButtons contact={contact} />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        {groups.length > 1 && (
          <nav aria-label="Industries" className="rounded-lg bg-slate-50 p-4">
            <ul className="flex flex-wrap gap-2">
              {groups.map(([industry], i) => (
                <li key={industry}>
                  <a
                    href={`#industry-${i + 1}`}
                    className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {industry}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {groups.map(([industry, studies], i) => (
          <section key={industry} id={`industry-${i + 1}`} aria-labelledby={`industry-${i + 1}-heading`} className="mt-12 scroll-mt-24">
            <h2 id={`industry-${i + 1}-heading`} className="text-2xl font-bold tracking-tight text-ink">
              {industry}
            </h2>
            <ul className="mt-6 grid gap-6 lg:grid-cols-2">
              {studies.map((study) => (
                <li key={study.slug} className="flex flex-col rounded-xl border border-slate-200 p-6">
                  <h3 className="text-lg font-bold text-ink">{study.client}</h3>
                  <p className="text-sm text-slate-700">
                    {study.location} · {study.durationMonths} months · {study.services.join(', ')}
                  </p>
                  <dl className="mt-5 grid flex-1 grid-cols-2 gap-4 sm:grid-cols-4">
                    {study.results.map((r) => (
                      <div key={r.label} className="flex flex-col-reverse">
                        <dt className="mt-1 text-xs leading-5 text-slate-700">{r.label}</dt>
                        <dd className="text-2xl font-extrabold text-brand-700">{r.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <a
                    href={`/case-studies/${study.slug}`}
                    className="mt-5 self-start font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {study.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <div className="max-w-3xl">
          <Sections sections={page.sections} />
        </div>
        <section aria-labelledby="portfolio-cta" className="mt-16 rounded-2xl bg-slate-50 p-8">
          <h2 id="portfolio-cta" className="text-2xl font-bold tracking-tight text-ink">
            Have a project in mind?
          </h2>
          <p className="mt-3 max-w-2xl leading-7 text-slate-700">
            Tell us what you want to build or fix. We reply within 24 hours with scope, timeline and price.
          </p>
          <CtaButtons contact={contact} />
        </section>
      </div>
    </article>
  )
}
