// FAQs shown as native disclosure widgets: readable without JavaScript, keyboard accessible.
import type { FaqPair } from '../types.ts'

export function FaqList({ faqs, heading = 'Frequently asked questions' }: { faqs: FaqPair[]; heading?: string }) {
  if (faqs.length === 0) return null
  return (
    <section className="mt-12">
      <h2 className="text-2xl font-bold tracking-tight text-ink">{heading}</h2>
      <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {faqs.map((faq) => (
          <details key={faq.question} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-ink marker:hidden">
              <span className="flex items-start justify-between gap-4">
                {faq.question}
                <span aria-hidden="true" className="text-brand-600 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 leading-7 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
