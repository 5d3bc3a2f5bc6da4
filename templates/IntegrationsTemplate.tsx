// /integrations: every HubSpot connector page grouped by the tool's category, plus the guides.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { Link, StaticPageProps } from './types.ts'

function byCategory(tools: (Link & { category: string })[]): [string, Link[]][] {
  const groups = new Map<string, Link[]>()
  for (const { category, label, href } of tools) groups.set(category, [...(groups.get(category) ?? []), { label, href }])
  return [...groups].sort(([a], [b]) => a.localeCompare(b))
}

export type IntegrationsProps = StaticPageProps & { tools: (Link & { category: string })[]; guides: Link[] }

export function IntegrationsTemplate({ page, contact, tools, guides }: IntegrationsProps) {
  const groups = byCategory(tools)
  return (
    <article>
      <PageHero eyebrow="Integrations" title={page.h1} lead={page.intro}>
        <CtaButtons contact={contact} quoteLabel="Scope my integration" />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <section aria-labelledby="tools-heading">
            <h2 id="tools-heading" className="text-2xl font-bold tracking-tight text-ink">
              Integrations by category
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2">
              {groups.map(([category, links]) => (
                <section key={category} className="rounded-xl border border-slate-200 p-5">
                  <h3 className="font-bold text-ink">{category}</h3>
                  <ul className="mt-3 space-y-2">
                    {links.map((l) => (
                      <li key={l.href}>
                        <a
                          href={l.href}
                          className="text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        >
                          HubSpot + {l.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </section>
          <Sections sections={page.sections} />
          <nav aria-label="Integration guides">
            <LinkList heading="HubSpot and integration guides" links={guides} columns={2} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading="Need a custom connector?"
            text="If there is no native integration, we build one on the HubSpot API. Send the systems and data you need in sync."
          />
        </div>
      </div>
    </article>
  )
}
