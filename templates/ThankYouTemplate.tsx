// /thank-you: where the quote form lands after a successful request.
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { StaticPageProps } from './types.ts'

export type ThankYouProps = StaticPageProps

export function ThankYouTemplate({ page, contact }: ThankYouProps) {
  const link =
    'font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHero eyebrow="Request received" title={page.h1} lead={page.intro}>
        <div className="mt-8 flex flex-wrap gap-3">
          <a
            href="/"
            className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Back to the home page
          </a>
          <a
            href={`tel:${contact.phoneE164}`}
            className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Call {contact.phone}
          </a>
        </div>
      </PageHero>
      <div className="px-4 sm:px-6">
        <Sections sections={page.sections} />
        <section aria-labelledby="meanwhile-heading" className="mt-4">
          <h2 id="meanwhile-heading" className="text-xl font-bold text-ink">
            While you wait
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/case-studies" className={link}>
                Read client case studies
              </a>
            </li>
            <li>
              <a href="/roi-calculators" className={link}>
                Estimate your ROI
              </a>
            </li>
            <li>
              <a href="/blog" className={link}>
                Browse the blog
              </a>
            </li>
          </ul>
          <p className="mt-6 text-sm text-slate-700">
            Questions? Email{' '}
            <a href={`mailto:${contact.email}`} className={link}>
              {contact.email}
            </a>
            .
          </p>
        </section>
      </div>
    </article>
  )
}
