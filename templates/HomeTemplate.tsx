// /: the home page, sections in the spec's order (section 2): promo banner, hero, intro sections
// (trusted by, how we're different, stats, data-driven services and mission), services grid,
// case studies, ROI calculator (#calculator), three-step process (#process), testimonials,
// feature grid, FAQ accordion and a closing call to action. Copy comes from data/home.yaml.
import { CaseStudyCard } from './components/CaseStudyCard.tsx'
import { Sections } from './components/Prose.tsx'
import { TestimonialGrid } from './components/TestimonialGrid.tsx'
import { FaqAccordion } from '../client/islands/FaqAccordion.tsx'
import { HeroRotator } from '../client/islands/HeroRotator.tsx'
import { Island } from './components/Island.tsx'
import { ResultsCarousel } from '../client/islands/ResultsCarousel.tsx'
import { RoiCalculator } from '../client/islands/RoiCalculator.tsx'
import type { StaticPageProps } from './types.ts'
import type { CaseStudy, FaqItem, Home, Site, Testimonial } from '../data/schema.ts'

export { CaseStudyCard } from './components/CaseStudyCard.tsx'
export { TestimonialGrid } from './components/TestimonialGrid.tsx'

const h2 = 'text-3xl font-bold tracking-tight text-ink'
const lead = 'mt-3 max-w-3xl leading-7 text-slate-700'
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
const primaryButton = `inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 ${focusRing}`
const secondaryButton = `inline-block rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:bg-slate-50 ${focusRing}`

type ServiceCard = Home['services']['items'][number]

function ServiceCardItem({ card }: { card: ServiceCard }) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600">
      <p className="text-3xl font-extrabold text-brand-600">{card.metric}</p>
      <p className="text-sm text-slate-700">{card.metricLabel}</p>
      <h3 className="mt-4 text-lg font-bold text-ink">
        <a href={card.href} className={`hover:text-brand-700 hover:underline ${focusRing}`}>
          {card.title}
        </a>
      </h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-700">{card.description}</p>
    </li>
  )
}

export type HomeProps = StaticPageProps & { claims: Site['claims']; home: Home; caseStudies: CaseStudy[]; testimonials: Testimonial[]; faqs: FaqItem[] }

export function HomeTemplate({ page, contact, claims, home, caseStudies, testimonials, faqs }: HomeProps) {
  if (!home) throw new Error('HomeTemplate needs the home page copy (data/home.yaml)')
  const { promo, hero, results, trustedBy, different, stats, dataDriven, services, process, features, closing } = home

  return (
    <article>
      <p className="bg-ink px-4 py-2.5 text-center text-sm text-white">
        {promo.text}{' '}
        <a
          href={promo.href}
          className="font-semibold text-orange-300 underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {promo.linkLabel} <span aria-hidden="true">→</span>
        </a>
      </p>

      <section className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-10 sm:px-6 lg:pt-16">
          <p className="inline-block rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">{hero.badge}</p>
          <div className="mt-5">
            <Island name="HeroRotator" component={HeroRotator} props={{ prefix: page.h1, phrases: hero.phrases }} />
          </div>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{page.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/free-quote" className={primaryButton}>
              {hero.quoteLabel}
            </a>
            <a href={`tel:${contact.phoneE164}`} className={secondaryButton}>
              Call {contact.phone}
            </a>
          </div>

          <div className="mt-12">
            <Island name="ResultsCarousel" component={ResultsCarousel} props={{ label: results.heading, items: results.items }} />
            <a href="/case-studies" className={`mt-2 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`}>
              {results.linkLabel} <span aria-hidden="true">→</span>
            </a>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <section aria-labelledby="trusted-heading" className="border-y border-slate-200 py-6">
          <h2 id="trusted-heading" className="text-center text-sm font-semibold uppercase tracking-wide text-slate-700">
            {trustedBy.heading}
          </h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-x-8 gap-y-3 text-lg font-bold text-slate-600">
            {trustedBy.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="different-heading" className="mt-16">
          <h2 id="different-heading" className={h2}>
            {different.heading}
          </h2>
          <p className={lead}>{different.intro}</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {different.cards.map((card, i) => (
              <li key={card.title} className="rounded-xl border border-slate-200 p-6">
                <p aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-lg font-bold text-brand-700">
                  {['◎', '⇄', '$'][i % 3]}
                </p>
                <h3 className="mt-4 text-lg font-bold text-ink">{card.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{card.text}</p>
              </li>
            ))}
          </ul>
          <div className="max-w-3xl">
            <Sections sections={page.sections} />
          </div>
        </section>

        <section aria-labelledby="stats-heading" className="mt-16 rounded-2xl bg-ink px-6 py-10 text-white">
          <h2 id="stats-heading" className="text-center text-2xl font-bold tracking-tight">
            {stats.heading}
          </h2>
          <dl className="mt-8 grid gap-8 text-center sm:grid-cols-3 lg:grid-cols-5">
            {stats.items.map((s) => (
              <div key={s.claim} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
                <dd className="text-3xl font-extrabold">{claims[s.claim]}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="data-driven-heading" className="mt-16">
          <h2 id="data-driven-heading" className={h2}>
            {dataDriven.heading}
          </h2>
          <p className={lead}>{dataDriven.intro}</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {dataDriven.cards.map((card) => (
              <ServiceCardItem key={card.title} card={card} />
            ))}
          </ul>
          <div className="mt-8 rounded-2xl bg-brand-50 px-6 py-8 ring-1 ring-brand-100 sm:px-10">
            <p className="text-2xl font-bold tracking-tight text-ink">{dataDriven.mission.heading}</p>
            <p className="mt-3 max-w-3xl leading-7 text-slate-700">{dataDriven.mission.text}</p>
          </div>
        </section>

        <section aria-labelledby="services-heading" className="mt-16">
          <h2 id="services-heading" className={h2}>
            {services.heading}
          </h2>
          <p className={lead}>{services.intro}</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.items.map((card) => (
              <ServiceCardItem key={card.title} card={card} />
            ))}
          </ul>
          <a href="/case-studies" className={`mt-8 ${secondaryButton}`}>
            {services.caseStudiesLabel}
          </a>
        </section>

        {caseStudies.length > 0 && (
          <section aria-labelledby="cases-heading" className="mt-16">
            <h2 id="cases-heading" className={h2}>
              {home.caseStudies.heading}
            </h2>
            <p className={lead}>{home.caseStudies.intro}</p>
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
            {home.calculator.heading}
          </h2>
          <p className={lead}>{home.calculator.intro}</p>
          <div className="mt-8">
            <Island name="RoiCalculator" component={RoiCalculator} props={{}} />
          </div>
        </section>

        <section id="process" aria-labelledby="process-heading" className="mt-16 scroll-mt-24">
          <h2 id="process-heading" className={h2}>
            {process.heading}
          </h2>
          <p className={lead}>{process.intro}</p>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {process.steps.map((step, i) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-6">
                <p className="flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="text-sm font-medium text-slate-700">{step.duration}</span>
                </p>
                <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <TestimonialGrid testimonials={testimonials} heading={home.testimonials.heading} />

        <section aria-labelledby="features-heading" className="mt-16">
          <h2 id="features-heading" className={h2}>
            {features.heading}
          </h2>
          <p className={lead}>{features.intro}</p>
          <ul className="mt-8 grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.items.map((f) => (
              <li key={f.title} className="flex gap-3">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-5 w-5 shrink-0 text-brand-600" fill="currentColor">
                  <path
                    fillRule="evenodd"
                    d="M16.7 5.3a1 1 0 010 1.4l-8 8a1 1 0 01-1.4 0l-4-4a1 1 0 111.4-1.4L8 12.58l7.3-7.3a1 1 0 011.4 0z"
                    clipRule="evenodd"
                  />
                </svg>
                <div>
                  <h3 className="font-semibold text-ink">{f.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-700">{f.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        {faqs.length > 0 && (
          <section aria-labelledby="faq-heading" className="mt-16 max-w-4xl">
            <h2 id="faq-heading" className={h2}>
              {home.faq.heading}
            </h2>
            <div className="mt-6">
              <Island name="FaqAccordion" component={FaqAccordion} props={{ items: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer })) }} />
            </div>
            <a href="/faq" className={`mt-4 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`}>
              {home.faq.linkLabel} <span aria-hidden="true">→</span>
            </a>
          </section>
        )}

        <section aria-labelledby="closing-heading" className="mt-16 rounded-2xl bg-ink px-6 py-12 text-center text-white sm:px-12">
          <h2 id="closing-heading" className="text-3xl font-bold tracking-tight">
            {closing.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl leading-7 text-slate-200">{claims.roiPromise}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href="/free-quote"
              className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {closing.quoteLabel}
            </a>
            <a
              href={`tel:${contact.phoneE164}`}
              className="rounded-md border border-slate-500 px-5 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Call {contact.phone}
            </a>
          </div>
        </section>
      </div>
    </article>
  )
}
