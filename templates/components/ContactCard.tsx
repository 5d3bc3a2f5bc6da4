import type { ContactInfo } from '../types.ts'

/** Sidebar card with the two conversions the site exists for: a quote request or a call. */
export function ContactCard({ contact, heading, text }: { contact: ContactInfo; heading: string; text: string }) {
  return (
    <div className="rounded-xl bg-ink p-6 text-slate-200 lg:sticky lg:top-24">
      <h2 className="text-xl font-bold text-white">{heading}</h2>
      <p className="mt-3 text-sm leading-6">{text}</p>
      <a href="/free-quote" className="mt-5 block rounded-md bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700">
        Get A Free Quote
      </a>
      <a
        href={`tel:${contact.phoneE164}`}
        className="mt-3 block rounded-md border border-slate-600 px-4 py-3 text-center font-semibold text-white hover:bg-slate-800"
      >
        Call {contact.phone}
      </a>
    </div>
  )
}
