// Home page FAQ accordion (spec sections 4 and 9): at most one answer open; clicking the open
// question closes it. Each question is a button with aria-expanded and aria-controls pointing at
// its answer region.
import { useState } from 'react'
import { useIslandId } from './islandIds.ts'

export type FaqAccordionProps = { items: { id: string; question: string; answer: string }[] }

export function FaqAccordion({ items }: FaqAccordionProps) {
  const id = useIslandId('faq')
  const [openId, setOpenId] = useState<string | null>(null)
  return (
    <div data-faq-accordion="" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => {
        const open = item.id === openId
        return (
          <div key={item.id}>
            <h3>
              <button
                type="button"
                id={`${id}-${item.id}-q`}
                aria-expanded={open}
                aria-controls={`${id}-${item.id}-a`}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
              >
                {item.question}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={`mt-0.5 h-5 w-5 shrink-0 text-brand-600 transition-transform ${open ? 'rotate-180' : ''}`}
                  fill="currentColor"
                >
                  <path
                    fillRule="evenodd"
                    d="M5.23 7.21a.75.75 0 011.06.02L10 11.06l3.71-3.83a.75.75 0 111.08 1.04l-4.25 4.39a.75.75 0 01-1.08 0L5.21 8.27a.75.75 0 01.02-1.06z"
                    clipRule="evenodd"
                  />
                </svg>
              </button>
            </h3>
            <div id={`${id}-${item.id}-a`} role="region" aria-labelledby={`${id}-${item.id}-q`} hidden={!open} className="px-5 pb-5 leading-7 text-slate-700">
              <p>{item.answer}</p>
            </div>
          </div>
        )
      })}
    </div>
  )
}
export default FaqAccordion
