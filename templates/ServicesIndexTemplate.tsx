// /services: every service line with its summary, plus the guides and landing pages behind them.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { Link, StaticPageProps } from './types.ts'

export type ServicesIndexProps = StaticPageProps & { services: { title: string; url: string; summary: string }[]; guides: Link[] }

export function ServicesIndexTemplate({ page, contact, services, guides }: ServicesIndexProps) {
  return (
    <article>
      <PageHero eyebrow="Services" title={page.h1} lead={page.intro}>
        <CtaButtons contact={contact} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <section aria-labelledby="service-list-heading">
            <h2 id="service-list-heading" className="text-2xl font-bold tracking-tight text-ink">
              What we do
            </h2>
            <ul className="mt-6 grid gap-5 sm:grid-cols-2">
              {services.map((s) => (
                <li key={s.url} className="flex flex-col rounded-xl border border-slate-200 p-6 hover:border-brand-600">
                  <h3 className="text-lg font-bold text-ink">
                    <a
                      href={s.url}
                      className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      {s.title}
                    </a>
                  </h3>
                  <p className="mt-2 flex-1 text-sm leading-6 text-slate-700">{s.summary}</p>
                </li>
              ))}
            </ul>
          </section>
          <Sections sections={page.sections} />
          <nav aria-label="Guides">
            <LinkList heading="Guides and specialist pages" links={guides} columns={2} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading="Not sure where to start?"
            text="Tell us your goals and current numbers. A strategist recommends the first service to fund, in writing, within 24 hours."
          />
        </div>
      </div>
    </article>
  )
}
