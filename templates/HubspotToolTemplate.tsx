// /hubspot-{tool}-integration: what syncs between HubSpot and one tool, and how to set it up.
import { ContactCard } from './components/ContactCard.tsx'
import { CtaButtons } from './components/CtaButtons.tsx'
import { FaqList } from './components/FaqList.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { TextBlock } from './components/Prose.tsx'
import type { HubspotTool } from '../data/schema.ts'
import type { ContactInfo, Link } from './types.ts'

export type ToolProps = {
  tool: HubspotTool
  h1: string
  related: Link[]
  guides: Link[]
  contact: ContactInfo
}

export function HubspotToolTemplate({ tool, h1, related, guides, contact }: ToolProps) {
  return (
    <article>
      <PageHero eyebrow={`${tool.category} integration · ${tool.syncDirection}`} title={h1} lead={tool.vendorSummary}>
        <CtaButtons contact={contact} quoteLabel={`Scope my ${tool.name} integration`} />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <section>
            <h2 className="text-2xl font-bold tracking-tight text-ink">What syncs between HubSpot and {tool.name}</h2>
            <p className="mt-4 leading-7 text-slate-700">
              The sync runs {tool.syncDirection}. These are the records and fields we map in a standard build; custom properties are added during discovery.
            </p>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
                <caption className="sr-only">HubSpot objects and the {tool.name} records they map to</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                      HubSpot
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                      {tool.name}
                    </th>
                    <th scope="col" className="py-2 font-semibold text-ink">
                      Fields
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tool.syncedObjects.map((o) => (
                    <tr key={`${o.hubspot}-${o.tool}`} className="border-b border-slate-200 align-top">
                      <td className="py-3 pr-4 font-medium">{o.hubspot}</td>
                      <td className="py-3 pr-4">{o.tool}</td>
                      <td className="py-3">
                        <code className="text-xs">{o.fields.join(', ')}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="mt-10">
            <h2 className="text-2xl font-bold tracking-tight text-ink">Use cases</h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {tool.useCases.map((u) => (
                <div key={u.title} className="rounded-lg border border-slate-200 p-5">
                  <h3 className="font-semibold text-ink">{u.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-700">{u.body}</p>
                </div>
              ))}
            </div>
          </section>
          <section className="mt-10">
            <h2 className="text-2xl font-bold tracking-tight text-ink">How we set it up</h2>
            <ol className="mt-4 space-y-3">
              {tool.setupSteps.map((step, i) => (
                <li key={step} className="flex gap-4 leading-7 text-slate-700">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700">{i + 1}</span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </section>
          <TextBlock heading={`${tool.name} pitfalls we plan for`} paragraphs={tool.pitfalls} />
          <FaqList faqs={tool.faqs} />
          <nav aria-label="Related pages">
            <LinkList heading="Related integrations" links={related} />
            <LinkList heading="HubSpot guides" links={guides} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading={`Connect ${tool.name} to HubSpot`}
            text="Most integrations go live in 2-4 weeks, with field mapping signed off by your team before the first sync."
          />
        </div>
      </div>
    </article>
  )
}
