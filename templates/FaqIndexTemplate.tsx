// /faq: short answers grouped by category, then links to the long-form question pages.
import { ContactCard } from './components/ContactCard.tsx'
import { FaqList } from './components/FaqList.tsx'
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { FaqItem } from '../data/schema.ts'
import type { Link, StaticPageProps } from './types.ts'

function byCategory(faqs: FaqItem[]): [string, FaqItem[]][] {
  const groups = new Map<string, FaqItem[]>()
  for (const faq of faqs) groups.set(faq.category, [...(groups.get(faq.category) ?? []), faq])
  return [...groups]
}

export type FaqIndexProps = StaticPageProps & { faqs: FaqItem[]; qa: Link[] }

export function FaqIndexTemplate({ page, contact, faqs, qa }: FaqIndexProps) {
  const groups = byCategory(faqs)
  return (
    <article>
      <PageHero eyebrow="FAQ" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          {groups.length > 1 && (
            <nav aria-label="FAQ categories" className="rounded-lg bg-slate-50 p-4">
              <ul className="flex flex-wrap gap-2">
                {groups.map(([category], i) => (
                  <li key={category}>
                    <a
                      href={`#faq-${i + 1}`}
                      className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      {category}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {groups.map(([category, items], i) => (
            <div key={category} id={`faq-${i + 1}`} className="scroll-mt-24">
              <FaqList faqs={items} heading={category} />
            </div>
          ))}
          <Sections sections={page.sections} />
          <nav aria-label="In-depth answers">
            <LinkList heading="In-depth answers" links={qa} columns={1} />
          </nav>
        </div>
        <div>
          <ContactCard
            contact={contact}
            heading="Question not answered?"
            text="Ask a strategist directly. We reply within one business day, usually the same day."
          />
        </div>
      </div>
    </article>
  )
}
