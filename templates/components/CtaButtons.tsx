import type { ContactInfo } from '../types.ts'

export function CtaButtons({ contact, quoteLabel = 'Get A Free Quote' }: { contact: ContactInfo; quoteLabel?: string }) {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <a href="/free-quote" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700">
        {quoteLabel}
      </a>
      <a href={`tel:${contact.phoneE164}`} className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50">
        Call {contact.phone}
      </a>
    </div>
  )
}
