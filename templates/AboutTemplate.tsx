// /about: the company story from pages.yaml, the claims, the platforms we work in and client quotes.
import { ContactCard } from './components/ContactCard.tsx'
import { Highlights } from './components/Highlights.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { TestimonialGrid } from './HomeTemplate.tsx'
import type { StaticPageProps } from './types.ts'
import type { Partner, Site, Testimonial } from '../data/schema.ts'

export type AboutProps = StaticPageProps & { claims: Site['claims']; address: Site['contact']['address']; partners: Partner[]; testimonials: Testimonial[] }

export function AboutTemplate({ page, contact, claims, address, partners, testimonials }: AboutProps) {
  const stats = [
    { value: claims.organizations, label: 'Organizations served' },
    { value: claims.clientRevenue, label: 'Client revenue driven' },
    { value: claims.averageLeadGrowth, label: 'Average lead growth' },
    { value: claims.averageRoas, label: 'Average ROAS' },
  ]
  return (
    <article>
      <PageHero eyebrow={`${address.city}, ${address.region}`} title={page.h1} lead={page.intro}>
        <Highlights items={stats} />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="grid gap-12 lg:grid-cols-[1fr_20rem]">
          <div>
            <Sections sections={page.sections} />
            <p className="mt-10 rounded-lg border-l-4 border-brand-600 bg-brand-50 p-5 leading-7 text-slate-800">{claims.roiPromise}</p>
            {partners.length > 0 && (
              <section aria-labelledby="partners-heading" className="mt-12">
                <h2 id="partners-heading" className="text-2xl font-bold tracking-tight text-ink">
                  Platforms we work in
                </h2>
                <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                  {partners.map((p) => (
                    <li key={p.slug} className="rounded-lg border border-slate-200 p-4">
                      <h3 className="font-semibold text-ink">{p.name}</h3>
                      <p className="mt-1 text-sm text-slate-700">
                        {p.category} · {p.tier}
                      </p>
                    </li>
                  ))}
                </ul>
                <a
                  href="/partners"
                  className="mt-4 inline-block font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  What we build on each platform <span aria-hidden="true">→</span>
                </a>
              </section>
            )}
          </div>
          <div className="lg:mt-10">
            <ContactCard
              contact={contact}
              heading="Work with us"
              text="Tell us what you want to grow. A strategist replies within one business day with a plan and a price."
            />
          </div>
        </div>
        <TestimonialGrid testimonials={testimonials} />
        <section aria-labelledby="careers-heading" className="mt-16 rounded-2xl bg-slate-50 p-8">
          <h2 id="careers-heading" className="text-2xl font-bold tracking-tight text-ink">
            Join the team
          </h2>
          <p className="mt-3 max-w-2xl leading-7 text-slate-700">We hire strategists, analysts and engineers who like to prove things.</p>
          <a
            href="/careers"
            className="mt-5 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            See open positions
          </a>
        </section>
      </div>
    </article>
  )
}
