// /partners: the platforms we build on, with our relationship to each and what we deliver there.
import { ContactCard } from './components/ContactCard.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { StaticPageProps } from './types.ts'
import type { Partner } from '../data/schema.ts'

export type PartnersProps = StaticPageProps & { partners: Partner[] }

export function PartnersTemplate({ page, contact, partners }: PartnersProps) {
  return (
    <article>
      <PageHero eyebrow="Partners" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <section aria-labelledby="platforms-heading">
            <h2 id="platforms-heading" className="text-2xl font-bold tracking-tight text-ink">
              Platforms we work in every week
            </h2>
            <ul className="mt-6 space-y-5">
              {partners.map((p) => (
                <li key={p.slug} id={p.slug} className="scroll-mt-24 rounded-xl border border-slate-200 p-6">
                  <div className="flex flex-wrap items-baseline justify-between gap-3">
                    <h3 className="text-xl font-bold text-ink">{p.name}</h3>
                    <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{p.tier}</span>
                  </div>
                  <p className="mt-1 text-sm font-medium text-slate-700">{p.category}</p>
                  <p className="mt-3 leading-7 text-slate-700">{p.description}</p>
                </li>
              ))}
            </ul>
          </section>
          <Sections sections={page.sections} />
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading="Using a platform not listed?"
            text="Tell us what you run. Our engineers work with most CRMs, ad platforms and e-commerce systems that have an API."
          />
        </div>
      </div>
    </article>
  )
}
