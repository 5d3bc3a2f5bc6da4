// /locations: the cities with local teams (each with its service pages) and every state.
import { ContactCard } from './components/ContactCard.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { Link, StaticPageProps } from './types.ts'

const linkClass = 'text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

export type LocationsProps = StaticPageProps & { locations: { cities: (Link & { services: Link[] })[]; states: Link[] } }

export function LocationsTemplate({ page, contact, locations }: LocationsProps) {
  return (
    <article>
      <PageHero eyebrow="Locations" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          {locations.cities.length > 0 && (
            <section aria-labelledby="cities-heading">
              <h2 id="cities-heading" className="text-2xl font-bold tracking-tight text-ink">
                Cities with local teams
              </h2>
              <ul className="mt-6 grid gap-5 sm:grid-cols-2">
                {locations.cities.map((city) => (
                  <li key={city.href} className="rounded-xl border border-slate-200 p-5">
                    <h3 className="text-lg font-bold text-ink">
                      <a
                        href={city.href}
                        className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      >
                        {city.label}
                      </a>
                    </h3>
                    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={`Services in ${city.label}`}>
                      {city.services.map((s) => (
                        <li key={s.href}>
                          <a href={s.href} className={linkClass}>
                            {s.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {locations.states.length > 0 && (
            <section aria-labelledby="states-heading" className="mt-12">
              <h2 id="states-heading" className="text-2xl font-bold tracking-tight text-ink">
                States we serve
              </h2>
              <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
                {locations.states.map((state) => (
                  <li key={state.href}>
                    <a href={state.href} className={linkClass}>
                      {state.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Sections sections={page.sections} />
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading="Not on the list?"
            text="We work with clients in every state. Tell us your market and we will reply within 24 hours with a local plan."
          />
        </div>
      </div>
    </article>
  )
}
