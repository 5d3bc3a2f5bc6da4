// /: the home page. Hero, proof (results, claims, case studies, testimonials), the services, the
// ROI calculator island, how an engagement runs, FAQs and a closing call to action.
import { CtaButtons } from './components/CtaButtons.tsx'
import { FaqList } from './components/FaqList.tsx'
import { Sections } from './components/Prose.tsx'
import { Island } from './islands/Island.tsx'
import { RoiCalculator } from './islands/RoiCalculator.tsx'
import type { StaticProps } from './props.ts'
import type { CaseStudy, Testimonial } from '../data/schema.ts'

const h2 = 'text-3xl font-bold tracking-tight text-ink'
const link = 'font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

const steps = [
  { title: 'Diagnose', text: 'A two-week audit of your tracking, spend and funnel leaks, ending in a written plan with the numbers to beat.' },
  { title: 'Integrate', text: 'We connect ads, website, calls and CRM so every lead carries its source through to the closed deal.' },
  { title: 'Scale', text: 'Monthly cycles move budget toward the campaigns, keywords and pages that produce revenue.' },
]

/** Client quotes with photo, result and role; shared by the home, about and case study pages. */
export function TestimonialGrid({ testimonials, heading = 'What clients say' }: { testimonials: Testimonial[]; heading?: string }) {
  if (testimonials.length === 0) return null
  return (
    <section aria-labelledby="testimonials-heading" className="mt-16">
      <h2 id="testimonials-heading" className={h2}>
        {heading}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="self-start rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">{t.metric}</p>
            <h3 className="mt-4 text-lg font-bold text-ink">{t.title}</h3>
            <blockquote className="mt-3 flex-1 text-sm leading-6 text-slate-700">
              <p>{t.description}</p>
            </blockquote>
            <div className="mt-5 flex items-center gap-3">
              <img src={t.photo} alt="" width={48} height={48} loading="lazy" decoding="async" className="h-12 w-12 rounded-full bg-slate-100 object-cover" />
              <p className="text-sm">
                <span className="block font-semibold text-ink">{t.clientName}</span>
                <span className="block text-slate-700">
                  {t.role} · {t.state}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Case study teaser: client, industry, two headline results and a link to the full story. */
export function CaseStudyCard({ study, headingLevel = 3 }: { study: CaseStudy; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{study.industry}</p>
      <Heading className="mt-2 text-lg font-bold text-ink">
        <a href={`/case-studies/${study.slug}`} className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {study.title}
        </a>
      </Heading>
      <p className="mt-1 text-sm text-slate-700">
        {study.client} · {study.location}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {study.results.slice(0, 2).map((r) => (
          <div key={r.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-700">{r.label}</dt>
            <dd className="text-xl font-bold text-ink">{r.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  )
}

export function HomeTemplate({ page, contact, claims, services = [], caseStudies = [], testimonials = [], faqs = [] }: StaticProps) {
  const results = [
    { value: `+${claims.leadGrowth}`, label: 'SQL Growth' },
    { value: claims.roas, label: 'ROAS' },
    { value: '-38%', label: 'CAC' },
    { value: '+847%', label: 'Organic Traffic' },
    { value: '+156%', label: 'Conversion Rate' },
    { value: 'Closed-loop', label: 'CRM Integration' },
  ]
  const stats = [
    { value: claims.organizations, label: 'organizations served' },
    { value: claims.clientRevenue, label: 'client revenue driven' },
    { value: claims.averageLeadGrowth, label: 'average lead growth' },
    { value: claims.campaignsScaled, label: 'campaigns scaled' },
    { value: claims.averageRoas, label: 'average ROAS' },
  ]

  return (
    <article>
      <section className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-16 pt-12 sm:px-6 lg:pt-20">
          <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight text-ink sm:text-6xl">
            {page.h1} <span className="block text-brand-600">Revenue Growth</span>
          </h1>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-slate-700">{page.intro}</p>
          <CtaButtons contact={contact} />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <section aria-labelledby="results-heading" className="mt-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="results-heading" className={h2}>
              Results We Deliver
            </h2>
            <a href="/case-studies" className={link}>
              See All Case Studies <span aria-hidden="true">→</span>
            </a>
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((r) => (
              <li key={r.label} className="rounded-xl border border-slate-200 p-6">
                <p className="text-3xl font-extrabold text-brand-600">{r.value}</p>
                <h3 className="mt-1 font-semibold text-ink">{r.label}</h3>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="numbers-heading" className="mt-16 rounded-2xl bg-ink px-6 py-10 text-white">
          <h2 id="numbers-heading" className="sr-only">
            Proofline by the numbers
          </h2>
          <dl className="grid gap-8 text-center sm:grid-cols-3 lg:grid-cols-5">
            {stats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
                <dd className="text-3xl font-extrabold">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {services.length > 0 && (
          <section aria-labelledby="services-heading" className="mt-16">
            <h2 id="services-heading" className={h2}>
              Services
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {services.map((s) => (
                <li key={s.url} className="rounded-xl border border-slate-200 p-6 hover:border-brand-600">
                  <h3 className="text-lg font-bold text-ink">
                    <a href={s.url} className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                      {s.title}
                    </a>
                  </h3>
                  <p className="mt-2 text-sm leading-6 text-slate-700">{s.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        )}

        {caseStudies.length > 0 && (
          <section aria-labelledby="cases-heading" className="mt-16">
            <h2 id="cases-heading" className={h2}>
              Case studies
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {caseStudies.map((study) => (
                <li key={study.slug}>
                  <CaseStudyCard study={study} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <section id="calculator" aria-labelledby="calculator-heading" className="mt-16 scroll-mt-24">
          <h2 id="calculator-heading" className={h2}>
            What is better marketing worth to you?
          </h2>
          <p className="mt-3 max-w-3xl leading-7 text-slate-700">Enter your own numbers to estimate monthly profit today and what conversion and order value gains could add.</p>
          <div className="mt-8">
            <Island name="RoiCalculator" component={RoiCalculator} props={{}} />
          </div>
        </section>

        <section id="process" aria-labelledby="process-heading" className="mt-16 scroll-mt-24">
          <h2 id="process-heading" className={h2}>
            How we work
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {steps.map((step, i) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-6">
                <p className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">
                  {i + 1}
                </p>
                <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <TestimonialGrid testimonials={testimonials} />

        <div className="max-w-3xl">
          <Sections sections={page.sections} />
        </div>

        <div className="max-w-4xl">
          <FaqList faqs={faqs} />
        </div>

        <section aria-labelledby="closing-heading" className="mt-16 rounded-2xl bg-ink px-6 py-12 text-center text-white sm:px-12">
          <h2 id="closing-heading" className="text-3xl font-bold tracking-tight">
            Ready to see what your marketing really returns?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl leading-7 text-slate-200">{claims.roiPromise}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="/free-quote" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              Get A Free Quote
            </a>
            <a href={`tel:${contact.phoneE164}`} className="rounded-md border border-slate-500 px-5 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              Call {contact.phone}
            </a>
          </div>
        </section>
      </div>
    </article>
  )
}
