// /roi-calculators: the ROI calculator island with a plain explanation of the formula.
import { ContactCard } from './components/ContactCard.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { Island } from './components/Island.tsx'
import { RoiCalculator } from '../client/islands/RoiCalculator.tsx'
import type { StaticPageProps } from './types.ts'
import type { Site } from '../data/schema.ts'

const formula = [
  'Conversions = monthly visitors × conversion rate',
  'Revenue = conversions × average order value',
  'Monthly profit = revenue × profit margin',
  'Extra profit with optimization = 50% of today’s monthly profit, a conservative share of what a +40% conversion rate and +25% order value would add',
]

export type RoiCalculatorsProps = StaticPageProps & { claims: Site['claims'] }

export function RoiCalculatorsTemplate({ page, contact, claims }: RoiCalculatorsProps) {
  return (
    <article>
      <PageHero eyebrow="ROI calculator" title={page.h1} lead={page.intro} />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <section id="calculator" aria-labelledby="calculator-heading" className="scroll-mt-24">
          <h2 id="calculator-heading" className="mb-6 text-2xl font-bold tracking-tight text-ink">
            Marketing ROI calculator
          </h2>
          <Island name="RoiCalculator" component={RoiCalculator} props={{}} />
        </section>
        <div className="mt-4 grid gap-12 lg:grid-cols-[1fr_20rem]">
          <div>
            <section aria-labelledby="formula-heading" className="mt-10">
              <h2 id="formula-heading" className="text-2xl font-bold tracking-tight text-ink">
                How the estimate works
              </h2>
              <ol className="mt-4 list-decimal space-y-2 pl-6 leading-7 text-slate-700">
                {formula.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </section>
            <Sections sections={page.sections} />
          </div>
          <div className="mt-10">
            <ContactCard contact={contact} heading="Turn the estimate into a plan" text={claims.roiPromise} />
          </div>
        </div>
      </div>
    </article>
  )
}
